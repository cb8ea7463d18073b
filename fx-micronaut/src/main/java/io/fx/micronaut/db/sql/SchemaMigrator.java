package io.fx.micronaut.db.sql;

import io.fx.micronaut.db.FieldCodecs;
import io.fx.micronaut.db.MigrationReport;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.IndexDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RelationKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Auto-migration: creates missing tables with their unique constraints and indices, adds missing
 * columns, never drops a table or column, and logs drift (extra columns, type mismatches) as
 * warnings. The unique constraints of a soft-delete model hold among live rows only, and those of a model
 * whose scope resolvers partition its rows (tenancy) within each partition ({@link UniqueKeyMigrator}, which
 * converts the keys earlier versions or an application without tenancy left).
 */
final class SchemaMigrator {

    private static final Logger LOG = LoggerFactory.getLogger(SchemaMigrator.class);

    private final SqlDialect dialect;
    private final IdBinder ids;
    private final FieldCodecs codecs;
    private final UniqueKeyMigrator uniqueKeys;
    private final Function<ModelDescriptor, List<String>> uniqueWithin;

    /**
     * @param dialect      the dialect
     * @param ids          told the type of every model's id column, so that reads need not look it up
     * @param codecs       the field codecs, whose companion columns are created beside the fields
     * @param uniqueWithin the columns that partition a model's unique constraints (its scope resolvers')
     */
    SchemaMigrator(SqlDialect dialect, IdBinder ids, FieldCodecs codecs,
                   Function<ModelDescriptor, List<String>> uniqueWithin) {
        this.dialect = dialect;
        this.ids = ids;
        this.uniqueKeys = new UniqueKeyMigrator(dialect);
        this.codecs = codecs;
        this.uniqueWithin = uniqueWithin;
    }

    /** @return the columns of the model's table: its fields, then the companion columns of field codecs */
    private List<FieldDescriptor> stored(ModelDescriptor model) {
        List<FieldDescriptor> companions = codecs.companions(model);
        if (companions.isEmpty()) {
            return model.getFields();
        }
        List<FieldDescriptor> all = new ArrayList<>(model.getFields());
        all.addAll(companions);
        return all;
    }

    static String uniqueConstraintName(ModelDescriptor model, FieldDescriptor field) {
        return "uq_" + model.getTable() + "_" + field.name();
    }

    /**
     * Migrates the models' tables and reports what it created, added and found drifting.
     */
    MigrationReport migrate(Connection connection, Collection<ModelDescriptor> models) throws SQLException {
        Report report = new Report();
        // replicas starting at once: the first migrates, the others wait and then find nothing to do
        for (String lock : dialect.migrationLock().stream().toList()) {
            execute(connection, lock);
        }
        try (Statement statement = connection.createStatement()) {
            for (String setup : dialect.setupStatements()) {
                statement.execute(setup);
            }
        }
        Map<String, String> idTypes = new HashMap<>();
        Map<String, Map<String, Integer>> schema = columns(connection, idTypes);
        for (ModelDescriptor model : models) {
            List<String> within = uniqueWithin.apply(model);
            Map<String, Integer> existing = schema.getOrDefault(model.getTable(), Map.of());
            if (existing.isEmpty()) {
                createTable(connection, model, within);
                report.tables.add(model.getTable());
                model.findField("id").ifPresent(id -> ids.learn(model.getTable(), dialect.columnType(id)));
            } else {
                String idType = idTypes.get(model.getTable());
                if (idType != null) {
                    ids.learn(model.getTable(), idType);
                }
                addMissingColumns(connection, model, existing, within, report.columns);
                logDrift(model, existing, report.drift);
            }
            createIndices(connection, model, within);
        }
        return new MigrationReport(report.tables, report.columns, report.drift);
    }

    /**
     * Checks, changing nothing, that every model's table and column exists, in the one metadata call migration
     * makes; teaches the id binder each table's id type as migration would.
     *
     * @throws FxConfigurationException naming the first missing table or column
     */
    void verify(Connection connection, Collection<ModelDescriptor> models) throws SQLException {
        Map<String, String> idTypes = new HashMap<>();
        Map<String, Map<String, Integer>> schema = columns(connection, idTypes);
        for (ModelDescriptor model : models) {
            Map<String, Integer> existing = schema.getOrDefault(model.getTable(), Map.of());
            if (existing.isEmpty()) {
                throw new FxConfigurationException("Schema check (fx.verify-schema): table '" + model.getTable()
                    + "' of model " + model.getName() + " is missing; run the migration first (FxMigration.migrate(),"
                    + " a migration function) or turn auto-migration on");
            }
            for (FieldDescriptor field : stored(model)) {
                if (!existing.containsKey(field.name())) {
                    throw new FxConfigurationException("Schema check (fx.verify-schema): column '" + model.getTable()
                        + "." + field.name() + "' of model " + model.getName() + " is missing; run the migration first"
                        + " (FxMigration.migrate(), a migration function) or turn auto-migration on");
                }
            }
            String idType = idTypes.get(model.getTable());
            if (idType != null) {
                ids.learn(model.getTable(), idType);
            }
        }
    }

    /** What a run did, collected as it goes. */
    private static final class Report {
        private final List<String> tables = new ArrayList<>();
        private final List<String> columns = new ArrayList<>();
        private final List<String> drift = new ArrayList<>();
    }

    /**
     * The columns of every table in the connection's schema, read in one metadata call (a catalog
     * query per table would cost a server database a round trip and a plan each at startup), and
     * into {@code idTypes} the database's type name of each table's {@code id} column.
     */
    private static Map<String, Map<String, Integer>> columns(Connection connection, Map<String, String> idTypes)
        throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        Map<String, Map<String, Integer>> tables = new LinkedHashMap<>();
        try (ResultSet rs = meta.getColumns(connection.getCatalog(), connection.getSchema(), null, null)) {
            while (rs.next()) {
                String table = rs.getString("TABLE_NAME");
                String column = rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT);
                tables.computeIfAbsent(table, name -> new LinkedHashMap<>()).put(column, rs.getInt("DATA_TYPE"));
                if (column.equals("id")) {
                    idTypes.put(table, rs.getString("TYPE_NAME"));
                }
            }
        }
        return tables;
    }

    /** @return whether the column carries a unique constraint of its own (not an encrypted field's, whose blind index does) */
    private boolean uniqueColumn(FieldDescriptor field) {
        return field.unique() && codecs.isUniqueOnStoredColumn(field);
    }

    private void createTable(Connection connection, ModelDescriptor model, List<String> within) throws SQLException {
        List<String> parts = new ArrayList<>();
        for (FieldDescriptor field : stored(model)) {
            parts.add(columnDefinition(model, field));
        }
        parts.add("PRIMARY KEY (" + dialect.quote("id") + ")");
        for (FieldDescriptor field : stored(model)) {
            // a soft-delete model's unique fields become live-only unique indexes (UniqueKeyMigrator)
            if (uniqueColumn(field) && !softDeletes(model)) {
                parts.add("CONSTRAINT " + dialect.quote(uniqueConstraintName(model, field)) + " UNIQUE ("
                    + quoted(UniqueKeyMigrator.columns(within, List.of(field.name()))) + ")");
            }
        }
        execute(connection, "CREATE TABLE IF NOT EXISTS " + dialect.quote(model.getTable()) + " ("
            + String.join(", ", parts) + ")");
        LOG.info("Created table {} for model {}", model.getTable(), model.getName());
    }

    private String columnDefinition(ModelDescriptor model, FieldDescriptor field) {
        return dialect.quote(field.name()) + " " + columnType(model, field) + (notNull(field) ? " NOT NULL" : "");
    }

    /** @return whether auto-migration declares the field's column {@code NOT NULL}: the id and the base timestamps */
    static boolean notNull(FieldDescriptor field) {
        return field.role() == FieldRole.ID || field.role() == FieldRole.CREATED_AT
            || field.role() == FieldRole.UPDATED_AT;
    }

    /** A BelongsTo key stores ids of another table, so its type must match theirs (a foreign key needs it). */
    private String columnType(ModelDescriptor model, FieldDescriptor field) {
        boolean relationKey = model.getRelations().stream()
            .anyMatch(relation -> relation.kind() == RelationKind.BELONGS_TO && relation.foreignKey().name().equals(field.name()));
        return relationKey ? dialect.referenceColumnType() : dialect.columnType(field);
    }

    private void addMissingColumns(Connection connection, ModelDescriptor model, Map<String, Integer> existing,
                                   List<String> within, List<String> added) throws SQLException {
        for (FieldDescriptor field : stored(model)) {
            if (existing.containsKey(field.name())) {
                continue;
            }
            execute(connection, "ALTER TABLE " + dialect.quote(model.getTable()) + " ADD COLUMN "
                + dialect.quote(field.name()) + " " + columnType(model, field));
            if (uniqueColumn(field) && !softDeletes(model)) {
                execute(connection, "ALTER TABLE " + dialect.quote(model.getTable()) + " ADD CONSTRAINT "
                    + dialect.quote(uniqueConstraintName(model, field)) + " UNIQUE ("
                    + quoted(UniqueKeyMigrator.columns(within, List.of(field.name()))) + ")");
            }
            added.add(model.getTable() + "." + field.name());
            LOG.info("Added column {}.{} for model {}", model.getTable(), field.name(), model.getName());
        }
    }

    private void logDrift(ModelDescriptor model, Map<String, Integer> existing, List<String> drift) {
        for (Map.Entry<String, Integer> column : existing.entrySet()) {
            FieldDescriptor field = stored(model).stream().filter(f -> f.name().equals(column.getKey())).findFirst()
                .orElse(null);
            if (field == null && dialect.helperColumns().contains(column.getKey())) {
                continue;
            }
            if (field == null) {
                LOG.warn("Schema drift: column {}.{} is not a field of model {}; it is kept (auto-migration never drops)",
                    model.getTable(), column.getKey(), model.getName());
                drift.add("column " + model.getTable() + "." + column.getKey() + " is not a field of model "
                    + model.getName());
            } else if (!dialect.jdbcTypes(field.type()).contains(column.getValue())) {
                LOG.warn("Schema drift: column {}.{} has JDBC type {} but field {} of model {} expects {}",
                    model.getTable(), column.getKey(), column.getValue(), field.name(), model.getName(),
                    dialect.columnType(field));
                drift.add("column " + model.getTable() + "." + column.getKey() + " has JDBC type " + column.getValue()
                    + " but field " + field.name() + " of model " + model.getName() + " expects "
                    + dialect.columnType(field));
            }
        }
    }

    private void createIndices(Connection connection, ModelDescriptor model, List<String> within) throws SQLException {
        for (FieldDescriptor field : model.getFields()) {
            if (field.filterable() && (field.type() == FieldType.JSON_ARRAY || field.type() == FieldType.JSON_OBJECT)) {
                for (String sql : dialect.jsonIndexStatements(model.getTable(), field.name(),
                    "ix_" + model.getTable() + "_" + field.name() + "_json")) {
                    execute(connection, sql);
                }
            }
        }
        for (FieldDescriptor field : model.getFields()) {
            if (field.indexed()) {
                // (field, id): a list sorted by the field, by page or by cursor, reads the index in order
                execute(connection, "CREATE INDEX IF NOT EXISTS " + dialect.quote("ix_" + model.getTable() + "_"
                    + field.name() + "_id") + " ON " + dialect.quote(model.getTable()) + " ("
                    + quoted(List.of(field.name(), "id")) + ")");
            }
        }
        for (IndexDescriptor index : model.getIndices()) {
            if (index.unique() && softDeletes(model)) {
                continue;
            }
            List<String> columns = index.unique() ? UniqueKeyMigrator.columns(within, index.columns()) : index.columns();
            execute(connection, "CREATE " + (index.unique() ? "UNIQUE " : "") + "INDEX IF NOT EXISTS "
                + dialect.quote(index.name()) + " ON " + dialect.quote(model.getTable()) + " (" + indexColumns(columns) + ")");
        }
        // read the table's keys only where their shape may differ: a catalog query per table costs a round trip
        if (softDeletes(model) || !within.isEmpty()) {
            uniqueKeys.migrate(connection, model, UniqueKeyMigrator.uniqueKeys(model, within, codecs.companions(model),
                this::uniqueColumn));
        }
    }

    /** Index columns, each quoted and followed by its direction when descending ({@code "version DESC"}). */
    private String indexColumns(List<String> columns) {
        return String.join(", ", columns.stream().map(c -> dialect.quote(IndexDescriptor.columnName(c))
            + (IndexDescriptor.descending(c) ? " DESC" : "")).toList());
    }

    private String quoted(List<String> columns) {
        return String.join(", ", columns.stream().map(dialect::quote).toList());
    }

    private static boolean softDeletes(ModelDescriptor model) {
        return model.getSoftDeleteField().isPresent();
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
