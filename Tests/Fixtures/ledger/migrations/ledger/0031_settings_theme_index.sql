CREATE INDEX setting_theme ON setting (json_extract(value, '$.theme')) WHERE key = 'appearance';
