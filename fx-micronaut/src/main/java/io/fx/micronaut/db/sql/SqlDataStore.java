package io.fx.micronaut.db.sql;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.db.DataStore;
import io.fx.micronaut.db.FieldCodecs;
import io.fx.micronaut.db.MigrationReport;
import io.fx.micronaut.db.SchemaMigration;
import io.fx.micronaut.db.ScopeChecker;
import io.fx.micronaut.db.Page;
import io.fx.micronaut.config.ListConfiguration;
import io.fx.micronaut.config.TotalMode;
import io.fx.micronaut.db.RecordChange;
import io.fx.micronaut.db.RecordListener;
import io.fx.micronaut.db.SqlCapabilities;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.db.StorageExtensions;
import io.fx.micronaut.db.TransactionRequiredException;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.json.JsonCodec;
import io.fx.micronaut.json.RecordMap;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.model.RecordIds;
import io.fx.micronaut.query.ListQuery;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import io.micronaut.transaction.TransactionOperations;
import jakarta.inject.Named;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.UUID;
import java.util.function.Supplier;
import javax.sql.DataSource;

/**
 * The JDBC adapter: runs writes in Micronaut Data transactions ({@link TransactionOperations}), joins
 * the active transaction when there is one, reads outside a transaction on an auto-commit connection
 * of the read pool, renders SQL through the selected
 * {@link SqlDialect}, runs every statement under the request's deadline ({@link SqlDeadlines}: the
 * statement a passed deadline or a disconnect stops is cancelled) and translates SQL errors once, an
 * unreachable database as 503 {@code DB_UNAVAILABLE}. Record ids are taken in any case and used in lower case
 * ({@link RecordIds}).
 * Every call resolves the caller's scopes once ({@link CallScopes}) and writes go through the
 * {@link RecordWriter}, which runs the record listeners.
 * Opening it seals the model registry.
 */
@Internal
@Singleton
public final class SqlDataStore implements DataStore, SchemaMigration {

    /** The longest per-statement limit handed to the dialect (a request without a deadline). */
    private static final Duration MAX_STATEMENT_LIMIT = Duration.ofDays(1);
    /** The top node's row estimate in a JSON plan. */
    private static final Pattern PLAN_ROWS = Pattern.compile("\"Plan Rows\":\\s*(\\d+)");

    private final SqlTransactions transactions;
    private final SqlDialect dialect;
    private final JsonCodec json;
    private final ColumnCodec codec;
    private final Duration timeout;
    private final Duration pingBudget;
    private final SqlDeadlines deadlines;
    private final DatabaseAvailability availability = new DatabaseAvailability();
    private final Map<String, ModelStatements> statements;
    private final IncludeLoader includes;
    private final ReferentialActions actions;
    private final IdBinder ids;
    private final Map<String, Map<String, String>> constraints;
    private final StorageExtensions extensions;
    private final RecordWriter writer;
    private final FieldCodecs codecs;
    private final ListCursors cursors;
    private final TotalMode defaultTotal;
    private final long estimateThreshold;

    /**
     * @param transactions  the transaction operations of the default data source
     * @param dialects      the available dialects
     * @param registry      the model registry, sealed here
     * @param configuration server configuration
     * @param json          the JSON codec
     * @param primary       the default data source
     * @param readPool      the read pool of a server database, if any
     * @param extensions    the scope resolvers and record listeners
     * @param codecs        the field codecs
     * @param deadlines     the request deadlines
     * @param lists         how lists count and sign their cursors
     */
    SqlDataStore(TransactionOperations<Connection> transactions, List<SqlDialect> dialects,
                 ModelRegistry registry, FxConfiguration configuration, JsonCodec json,
                 DataSource primary, @Nullable @Named(ReadPoolFactory.NAME) DataSource readPool,
                 StorageExtensions extensions, FieldCodecs codecs, SqlDeadlines deadlines,
                 ListConfiguration lists) {
        this.json = json;
        this.extensions = extensions;
        this.timeout = deadlines.budget();
        this.pingBudget = configuration.getHealthTimeout();
        this.deadlines = deadlines;
        String product = transactions.executeRead(status -> status.getConnection().getMetaData().getDatabaseProductName());
        this.dialect = dialects.stream().filter(d -> d.supports(product)).findFirst().orElseThrow(() ->
            new FxConfigurationException("No fx-micronaut SQL dialect supports the database '" + product + "'"));
        DataSource primaryPool = DelegatingDataSource.unwrapDataSource(primary);
        this.transactions = new SqlTransactions(transactions,
            readPool == null ? primaryPool : DelegatingDataSource.unwrapDataSource(readPool), primaryPool,
            dialect.serializesWrites(), deadlines, availability);
        this.codec = new ColumnCodec(dialect, json, codecs);
        this.ids = new IdBinder(dialect);
        registry.seal();
        this.codecs = codecs;
        this.cursors = new ListCursors(lists.getCursorKey());
        this.defaultTotal = lists.getTotal();
        this.estimateThreshold = lists.getEstimateThreshold();
        Map<String, ModelStatements> rendered = new HashMap<>();
        for (ModelDescriptor model : registry.getModels()) {
            rendered.put(model.getName(), new ModelStatements(model, dialect, codecs.companions(model)));
        }
        this.statements = Map.copyOf(rendered);
        this.includes = new IncludeLoader(statements, codec, this::prepare);
        this.actions = new ReferentialActions(registry.getModels(), statements, this::prepare);
        Map<String, Map<String, String>> named = new HashMap<>();
        for (ModelDescriptor model : registry.getModels()) {
            Map<String, String> byConstraint = new HashMap<>(RelationConstraints.columnsByConstraint(model, registry.getModels()));
            // a companion's unique violation (a duplicate blind index) names the companion's field, never the companion
            for (FieldDescriptor companion : codecs.companions(model)) {
                codecs.companionOwner(model, companion.name()).ifPresent(owner ->
                    byConstraint.put(SchemaMigrator.uniqueConstraintName(model, companion), owner.name()));
            }
            named.put(model.getName(), Map.copyOf(byConstraint));
        }
        this.constraints = Map.copyOf(named);
        this.writer = new RecordWriter(dialect, codec, ids, statements, actions, extensions, this::prepare);
    }

    /**
     * Runs auto-migration for the given models.
     *
     * @param models the models
     * @return what it created, added and found drifting
     */
    @Override
    @NonNull
    public MigrationReport migrate(@NonNull Collection<ModelDescriptor> models) {
        Duration bound = timeout.isZero() || timeout.isNegative() ? Duration.ZERO
            : timeout.compareTo(SqlDialect.MIGRATION_MINIMUM_BOUND) < 0 ? SqlDialect.MIGRATION_MINIMUM_BOUND : timeout;
        return write(null, connection -> {
            dialect.boundMigration(connection, bound);
            MigrationReport report = new SchemaMigrator(dialect, ids, codecs, extensions::uniqueWithin)
                .migrate(connection, models);
            new RelationMigrator(dialect).migrate(connection, models);
            return report;
        });
    }

    @Override
    public void verify(@NonNull Collection<ModelDescriptor> models) {
        transactions.readPrimary(connection -> call(c -> {
            new SchemaMigrator(dialect, ids, codecs, extensions::uniqueWithin).verify(c, models);
            return null;
        }, connection, null));
    }

    @Override
    @NonNull
    public Page list(@NonNull StorageContext context, @NonNull ModelDescriptor model, @NonNull ListQuery query) {
        ModelStatements st = statements(model);
        CallScopes scopes = scopes(context);
        Keyset keyset = Keyset.of(model, query, dialect);
        List<Object> position = query.cursor() == null ? null : cursors.decode(model, query, keyset);
        TotalMode mode = query.total() != null ? query.total() : model.getTotalMode().orElse(defaultTotal);
        return read(model, connection -> {
            WhereClause where = WhereClause.of(st, codecs.toStored(query, context), dialect, json::writeString, scopes);
            long total = Page.NOT_COUNTED;
            boolean estimated = false;
            if (mode == TotalMode.ESTIMATED) {
                total = estimate(connection, st, where);
                estimated = total > estimateThreshold;
            }
            if (mode == TotalMode.EXACT || (mode == TotalMode.ESTIMATED && !estimated)) {
                total = count(connection, st, where);
            }
            int limit = query.limit();
            List<Map<String, Object>> rows = new ArrayList<>(Math.min(limit, 64));
            boolean hasMore = false;
            if (total == Page.NOT_COUNTED || estimated || total > query.offset()) {
                List<Object> parameters = new ArrayList<>(where.parameters);
                String condition = where.sql;
                if (position != null) {
                    condition += (condition.isEmpty() ? " WHERE " : " AND ") + keyset.after(dialect, position, parameters);
                }
                String sql = st.selectFrom + condition + keyset.orderBy(dialect)
                    + (query.offset() > 0 ? " LIMIT ? OFFSET ?" : " LIMIT ?");
                try (PreparedStatement ps = prepare(connection, sql)) {
                    int next = 1;
                    for (Object parameter : parameters) {
                        if (parameter instanceof Keyset.Id id) {
                            ids.bind(connection, ps, next++, st.tableName, id.value());
                        } else {
                            ColumnCodec.bindScalar(ps, next++, parameter);
                        }
                    }
                    ps.setInt(next, limit + 1);
                    if (query.offset() > 0) {
                        ps.setLong(next + 1, query.offset());
                    }
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rows.size() < limit && rs.next()) {
                            rows.add(writer.readRow(st, rs, context));
                        }
                        // the row past the page says whether another follows; it is fetched, never decoded
                        hasMore = rows.size() == limit && rs.next();
                    }
                }
            }
            String nextCursor = hasMore ? cursors.encode(model, query, keyset, rows.get(rows.size() - 1)) : null;
            includes.attach(connection, model, rows, query.includes(), scopes);
            return new Page(rows, total, query.cursor() == null ? query.page() : 0, limit, hasMore, nextCursor,
                estimated);
        });
    }

    private long count(Connection connection, ModelStatements st, WhereClause where) throws SQLException {
        try (PreparedStatement ps = prepare(connection, st.countFrom + where.sql)) {
            ColumnCodec.bindScalars(ps, 1, where.parameters);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** @return the planner's row estimate of the filtered list, or {@link Page#NOT_COUNTED} when it has none */
    private long estimate(Connection connection, ModelStatements st, WhereClause where) throws SQLException {
        String explain = dialect.estimateStatement("SELECT 1 FROM " + st.table + where.sql);
        if (explain == null) {
            return Page.NOT_COUNTED;
        }
        try (PreparedStatement ps = prepare(connection, explain)) {
            ColumnCodec.bindScalars(ps, 1, where.parameters);
            try (ResultSet rs = ps.executeQuery()) {
                Matcher rows = rs.next() ? PLAN_ROWS.matcher(rs.getString(1)) : null;
                return rows != null && rows.find() ? Long.parseLong(rows.group(1)) : Page.NOT_COUNTED;
            }
        }
    }

    @Override
    @NonNull
    public Optional<Map<String, Object>> read(@NonNull StorageContext context, @NonNull ModelDescriptor model,
                                              @NonNull String id, @NonNull List<String> include) {
        ModelStatements st = statements(model);
        String key = storedId(id);
        if (key == null) {
            return Optional.empty();
        }
        CallScopes scopes = scopes(context);
        return read(model, connection -> {
            Optional<Map<String, Object>> record = writer.select(connection, scopes, st, key);
            if (record.isPresent() && !include.isEmpty()) {
                includes.attach(connection, model, List.of(record.get()), include, scopes);
            }
            return record;
        });
    }

    @Override
    @NonNull
    public Optional<ScopeChecker> scopeChecker() {
        return Optional.of(this::existsInScope);
    }

    private boolean existsInScope(StorageContext context, ModelDescriptor model, String id) {
        ModelStatements st = statements(model);
        String key = storedId(id);
        if (key == null) {
            return false;
        }
        CallScopes scopes = scopes(context);
        return read(model, connection -> writer.existsInScope(connection, scopes, st, key));
    }

    /** A read-only model (a history model) is written by the module that owns its table, never here. */
    private static void writable(ModelDescriptor model) {
        if (model.isReadOnly()) {
            throw ErrorCode.METHOD_NOT_ALLOWED.exception(model.getName() + " is read-only: its records are written by "
                + "the framework, not through the model API");
        }
    }

    @Override
    @NonNull
    public Map<String, Object> create(@NonNull StorageContext context, @NonNull ModelDescriptor model,
                                      @NonNull Map<String, Object> values) {
        writable(model);
        ModelStatements st = statements(model);
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        Map<String, Object> record = new LinkedHashMap<>();
        for (FieldDescriptor field : st.inserted) {
            Object value = switch (field.role()) {
                case ID -> UUID.randomUUID().toString();
                case CREATED_AT, UPDATED_AT -> now;
                case SOFT_DELETE_MARKER -> field.defaultValue();
                case DATA -> values.get(field.name());
            };
            record.put(field.name(), value);
        }
        CallScopes scopes = scopes(context);
        List<RecordListener> listeners = writer.listeners(model, WriteOperation.CREATE, record);
        SqlWork<Map<String, Object>> work = connection -> writer.create(connection, scopes, model, record, listeners);
        return write(model, context, work, writer.commit(scopes, model, WriteOperation.CREATE, record, listeners));
    }

    @Override
    @NonNull
    public Optional<RecordChange> update(@NonNull StorageContext context, @NonNull ModelDescriptor model,
                                         @NonNull String id, @NonNull Map<String, Object> values) {
        writable(model);
        statements(model);
        String key = storedId(id);
        if (key == null) {
            return Optional.empty();
        }
        CallScopes scopes = scopes(context);
        List<RecordListener> listeners = writer.listeners(model, WriteOperation.UPDATE, values);
        SqlWork<Optional<RecordChange>> work = connection -> writer.update(connection, scopes, model, key, values,
            listeners, false);
        return write(model, context, work, writer.commit(scopes, model, WriteOperation.UPDATE, values, listeners));
    }

    @Override
    @NonNull
    public Optional<RecordChange> delete(@NonNull StorageContext context, @NonNull ModelDescriptor model,
                                         @NonNull String id) {
        return remove(context, model, id, false);
    }

    @Override
    @NonNull
    public Optional<RecordChange> hardDelete(@NonNull StorageContext context, @NonNull ModelDescriptor model,
                                             @NonNull String id) {
        return remove(context, model, id, true);
    }

    /** A delete (soft where the model soft-deletes, alone in auto-commit when nothing else joins it) or a hard one. */
    private Optional<RecordChange> remove(StorageContext context, ModelDescriptor model, String id, boolean hard) {
        writable(model);
        statements(model);
        String key = storedId(id);
        if (key == null) {
            return Optional.empty();
        }
        CallScopes scopes = scopes(context);
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        if (hard) {
            return write(model, context, connection -> writer.hardDelete(connection, scopes, model, key, now),
                WriteCommit.MANAGED);
        }
        List<RecordListener> listeners = writer.listeners(model, WriteOperation.DELETE, Map.of());
        SqlWork<Optional<RecordChange>> work = connection -> writer.delete(connection, scopes, model, key, now, false,
            new HashSet<>(), listeners);
        return write(model, context, work, writer.commit(scopes, model, WriteOperation.DELETE, Map.of(), listeners));
    }

    @Override
    public void afterCommit(@NonNull StorageContext context, @NonNull Runnable callback) {
        transactions.onCompletion(context.getRequestId(), callback, true);
    }

    @Override
    public void afterRollback(@NonNull StorageContext context, @NonNull Runnable callback) {
        transactions.onCompletion(context.getRequestId(), callback, false);
    }

    @Override
    public <R> R inTransaction(@NonNull Supplier<R> work) {
        return transactions.begin(work);
    }

    @Override
    public <R> R inSavepoint(@NonNull Supplier<R> work) {
        return transactions.savepoint(work);
    }

    @Override
    public boolean isEmbedded() {
        return dialect.embedded();
    }

    @Override
    public boolean isActive() {
        return transactions.active();
    }

    @Override
    @NonNull
    public SqlCapabilities capabilities() {
        return dialect;
    }

    /** Pings within {@code fx.health-timeout}: the connection wait and the check together. */
    @Override
    public void ping() {
        try (var deadline = deadlines.start(pingBudget)) {
            read(null, connection -> {
                int seconds = (int) Math.max(1, Math.min(Integer.MAX_VALUE, pingBudget.toSeconds()));
                if (!connection.isValid(seconds)) {
                    throw new SQLException("connection is not valid", "08006");
                }
                return null;
            });
        }
    }

    /**
     * Prepares a statement under the request's deadline: it fails at once when the deadline passed,
     * becomes the statement a cancel (deadline or disconnect) stops, and gets what is left of the
     * deadline as the database's own limit where the dialect sets one per statement. Work outside a
     * request gets the whole configured deadline per statement.
     */
    private PreparedStatement prepare(Connection connection, String sql) throws SQLException {
        RequestDeadline deadline = deadlines.current();
        if (deadline != null) {
            deadline.checkTime();
        }
        PreparedStatement ps = connection.prepareStatement(sql);
        try {
            if (deadline != null) {
                // the database's own limit first: an H2 session cancelled before its statement starts relies on it
                long remaining = Math.min(deadline.remainingNanos(), MAX_STATEMENT_LIMIT.toNanos());
                dialect.applyTimeout(connection, ps, Duration.ofNanos(Math.max(1, remaining)));
                deadline.running(ps, dialect);
            } else if (!timeout.isZero() && !timeout.isNegative()) {
                dialect.applyTimeout(connection, ps, timeout);
            }
        } catch (SQLException | RuntimeException e) {
            ps.close();
            throw e;
        }
        return ps;
    }


    /**
     * @param id a record id from a caller, in any case
     * @return its stored, lower-case form ({@link RecordIds}); null when it names no record the database can hold
     */
    private String storedId(String id) {
        String stored = RecordIds.stored(id);
        return stored != null && dialect.canStoreId(stored) ? stored : null;
    }

    private ModelStatements statements(ModelDescriptor model) {
        ModelStatements st = statements.get(model.getName());
        if (st == null) {
            throw new IllegalStateException("Model " + model.getName() + " was not registered when the data store opened");
        }
        return st;
    }

    private <R> R read(ModelDescriptor model, SqlWork<R> work) {
        return transactions.read(connection -> call(work, connection, model));
    }

    private <R> R write(ModelDescriptor model, SqlWork<R> work) {
        return transactions.write(connection -> call(work, connection, model));
    }

    /**
     * A caller's write of one model: joining the active transaction, else committed as {@code commit} says
     * ({@link RecordWriter#commit}: alone in auto-commit, in a transaction on a plain connection, or in a Micronaut
     * Data transaction), rolled back when the caller went away.
     */
    private <R> R write(ModelDescriptor model, StorageContext context, SqlWork<R> work, WriteCommit commit) {
        return transactions.write(connection -> call(work, connection, model), context::isCancelled, commit);
    }

    private CallScopes scopes(StorageContext context) {
        return CallScopes.of(extensions, context, dialect, json::writeString);
    }

    /**
     * Runs JDBC work and translates its SQL errors once: a statement the deadline or a disconnect
     * stopped answers as the deadline says, an unreachable database 503 {@code DB_UNAVAILABLE}.
     */
    private <R> R call(SqlWork<R> work, Connection connection, ModelDescriptor model) {
        try {
            return work.run(connection);
        } catch (SQLException e) {
            RequestDeadline deadline = deadlines.current();
            FxException stopped = deadline == null ? null : deadline.failure(e);
            if (stopped != null) {
                throw stopped;
            }
            if (DatabaseAvailability.isUnavailable(e)) {
                availability.down();
                throw SqlTransactions.unavailable(e);
            }
            throw model == null ? SqlErrorTranslator.translate(e)
                : SqlErrorTranslator.translate(e, model, dialect,
                    constraints.getOrDefault(model.getName(), Map.of()));
        }
    }

    /** JDBC work on a connection. */
    @FunctionalInterface
    private interface SqlWork<R> {
        R run(Connection connection) throws SQLException;
    }

    @Override
    @NonNull
    public List<Map<String, Object>> query(@NonNull String sql, @NonNull List<?> parameters) {
        return read(null, rawQuery(sql, parameters));
    }

    @Override
    @NonNull
    public List<Map<String, Object>> queryPrimary(@NonNull String sql, @NonNull List<?> parameters) {
        return transactions.readPrimary(connection -> call(rawQuery(sql, parameters), connection, null));
    }

    private SqlWork<List<Map<String, Object>>> rawQuery(String sql, List<?> parameters) {
        return connection -> {
            try (PreparedStatement ps = prepare(connection, sql)) {
                ColumnCodec.bindScalars(ps, 1, parameters);
                try (ResultSet rs = ps.executeQuery()) {
                    return RawRows.read(rs);
                }
            }
        };
    }

    @Override
    @NonNull
    public Map<String, Object> toRecord(@NonNull StorageContext caller, @NonNull ModelDescriptor model,
                                        @NonNull Map<String, Object> row) {
        Map<String, Object> record = new LinkedHashMap<>();
        for (FieldDescriptor field : model.getReadableFields()) {
            if (row.containsKey(field.name())) {
                record.put(field.name(), codec.fromRaw(field, row.get(field.name()), caller));
            }
        }
        return record;
    }

    @Override
    public int executeAutoCommit(@NonNull String sql, @NonNull List<?> parameters) {
        // the primary's auto-commit connection, as a primary read borrows it: no transaction, no write lock
        return transactions.readPrimary(connection -> call(rawUpdate(sql, parameters), connection, null));
    }

    @Override
    public int execute(@NonNull String sql, @NonNull List<?> parameters) {
        return write(null, rawUpdate(sql, parameters));
    }

    private SqlWork<Integer> rawUpdate(String sql, List<?> parameters) {
        return connection -> {
            try (PreparedStatement ps = prepare(connection, sql)) {
                ColumnCodec.bindScalars(ps, 1, parameters);
                return ps.executeUpdate();
            }
        };
    }

    @Override
    @NonNull
    public Optional<Map<String, Object>> lockForUpdate(@NonNull StorageContext context, @NonNull ModelDescriptor model,
                                                       @NonNull String id) {
        if (!transactions.active()) {
            throw new TransactionRequiredException("lockForUpdate(" + model.getName() + ")");
        }
        ModelStatements st = statements(model);
        String key = storedId(id);
        if (key == null) {
            return Optional.empty();
        }
        CallScopes scopes = scopes(context);
        return write(model, connection -> writer.selectForUpdate(connection, scopes, st, key, WriteOperation.UPDATE));
    }
}
