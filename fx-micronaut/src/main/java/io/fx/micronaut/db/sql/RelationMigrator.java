package io.fx.micronaut.db.sql;

import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.model.RelationKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The relation part of auto-migration, run once every table exists: an index on every BelongsTo key,
 * a foreign key with its {@code ON DELETE} action where the database can enforce it (neither side
 * soft-deletes), and a unique index on the key pair of every junction model (over live links only when
 * the junction soft-deletes, see {@link UniqueKeyMigrator}). Existing foreign keys
 * are found through JDBC metadata, so re-running adds nothing.
 */
final class RelationMigrator {

    private static final Logger LOG = LoggerFactory.getLogger(RelationMigrator.class);

    private final SqlDialect dialect;
    private final UniqueKeyMigrator liveUnique;

    RelationMigrator(SqlDialect dialect) {
        this.dialect = dialect;
        this.liveUnique = new UniqueKeyMigrator(dialect);
    }

    void migrate(Connection connection, Collection<ModelDescriptor> models) throws SQLException {
        for (ModelDescriptor model : models) {
            // read only for a model with a key the database enforces: a catalog query costs a server
            // database a round trip and a plan at every startup
            Set<String> foreignKeys = null;
            for (RelationDescriptor relation : model.getRelations()) {
                if (relation.kind() == RelationKind.BELONGS_TO) {
                    execute(connection, "CREATE INDEX IF NOT EXISTS "
                        + dialect.quote(RelationConstraints.keyIndexName(model, relation)) + " ON "
                        + dialect.quote(model.getTable()) + " (" + dialect.quote(relation.foreignKey().name()) + ")");
                    String name = RelationConstraints.foreignKeyName(model, relation);
                    if (relation.isDatabaseEnforced(model)) {
                        if (foreignKeys == null) {
                            foreignKeys = foreignKeys(connection, model.getTable());
                        }
                        if (!foreignKeys.contains(name)) {
                            execute(connection, "ALTER TABLE " + dialect.quote(model.getTable()) + " ADD CONSTRAINT "
                                + dialect.quote(name) + " FOREIGN KEY (" + dialect.quote(relation.foreignKey().name())
                                + ") REFERENCES " + dialect.quote(relation.target().getTable()) + " ("
                                + dialect.quote("id") + ") ON DELETE " + relation.onDelete().sql());
                            LOG.info("Added foreign key {} for model {}", name, model.getName());
                        }
                    }
                } else if (relation.kind() == RelationKind.MANY_TO_MANY && relation.through().getSoftDeleteField().isPresent()) {
                    // a soft-deleted link must not keep its pair taken
                    liveUnique.migrate(connection, relation.through(), Map.of(RelationConstraints.pairIndexName(relation),
                        RelationConstraints.pairColumns(relation)));
                } else if (relation.kind() == RelationKind.MANY_TO_MANY) {
                    execute(connection, "CREATE UNIQUE INDEX IF NOT EXISTS "
                        + dialect.quote(RelationConstraints.pairIndexName(relation)) + " ON "
                        + dialect.quote(relation.through().getTable()) + " ("
                        + String.join(", ", RelationConstraints.pairColumns(relation).stream()
                            .map(dialect::quote).toList())
                        + ")");
                }
            }
        }
    }

    private static Set<String> foreignKeys(Connection connection, String table) throws SQLException {
        Set<String> names = new HashSet<>();
        try (ResultSet rs = connection.getMetaData()
            .getImportedKeys(connection.getCatalog(), connection.getSchema(), table)) {
            while (rs.next()) {
                String name = rs.getString("FK_NAME");
                if (name != null) {
                    names.add(name.toLowerCase(Locale.ROOT));
                }
            }
        }
        return names;
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
