-- VehiculosCRUD (Spanish tutorial): SELECT id, nombre_vehiculo, numero_ruedas FROM vehiculo.
CREATE TABLE vehiculo (
    id INTEGER PRIMARY KEY,
    nombre_vehiculo TEXT NOT NULL,
    numero_ruedas INTEGER NOT NULL CHECK (numero_ruedas >= 0)
);
