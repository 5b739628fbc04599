INSERT INTO setting (key, value) VALUES ('appearance', '{"theme": "system"}')
    ON CONFLICT (key) DO NOTHING;
INSERT INTO setting (key, value) VALUES ('privacy', '{"lock": false}')
    ON CONFLICT (key) DO NOTHING;
