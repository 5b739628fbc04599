-- name: CountriesByRegion :many
-- param: region Region
SELECT id, title, code, region AS "region: Region" FROM country WHERE region = :region ORDER BY title;
-- An unnamed statement: kiln check prepares it against every version, kiln generate leaves it alone.
SELECT * FROM country;
-- name: CountryByCode :one
SELECT title, code FROM country WHERE code = ?;
-- name: CitiesWithCountry :each
SELECT city.name AS city_name, city.founded AS "founded: Date?", country.title AS country
FROM country LEFT JOIN city ON city.country_id = country.id
ORDER BY country.id, city.id;
-- name: CityCount :one
SELECT count(*) AS cities, max(founded) AS latest FROM city WHERE country_id = $country;
-- name: AddCity :exec
-- param: founded Date?
INSERT INTO city (country_id, name, founded) VALUES (?, @name, :founded);
-- name: AddReading :exec
INSERT INTO reading VALUES (?, ?, ?, ?);
-- name: Readings :many
SELECT n, value, weight, data FROM reading ORDER BY n;
