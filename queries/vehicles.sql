-- VehiculosCRUD (Spanish tutorial): the list query as the tutorial writes it, then the insert, update and delete
-- of its part 2 (not in the tutorial text we have: written here the way the app binds them).
-- name: Vehicles :many
SELECT id, nombre_vehiculo, numero_ruedas FROM vehiculo;
-- name: AddVehicle :exec
INSERT INTO vehiculo (nombre_vehiculo, numero_ruedas) VALUES (?, ?);
-- name: UpdateVehicle :exec
UPDATE vehiculo SET nombre_vehiculo = ?, numero_ruedas = ? WHERE id = ?;
-- name: DeleteVehicle :exec
DELETE FROM vehiculo WHERE id = ?;
