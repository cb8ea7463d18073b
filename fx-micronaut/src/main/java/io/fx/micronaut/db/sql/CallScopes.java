package io.fx.micronaut.db.sql;

import io.fx.micronaut.db.RecordScope;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.db.StorageExtensions;
import io.fx.micronaut.db.WriteOperation;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.FilterClause;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The scopes of one storage call: each model's read and write {@link RecordScope} resolved once for the
 * call's context, and rendered as SQL terms with bound parameters. When no resolver is registered every
 * scope is unrestricted and nothing is rendered or allocated.
 */
final class CallScopes {

    private final StorageExtensions extensions;
    private final StorageContext context;
    private final SqlDialect dialect;
    private final Function<Object, String> json;
    private final Map<String, RecordScope> resolved;
    private final Map<WriteOperation, Map<String, RecordScope>> resolvedWrite;

    private CallScopes(StorageExtensions extensions, StorageContext context, SqlDialect dialect,
                       Function<Object, String> json) {
        this.extensions = extensions;
        this.context = context;
        this.dialect = dialect;
        this.json = json;
        this.resolved = extensions == null ? null : new HashMap<>(4);
        this.resolvedWrite = extensions == null ? null : new EnumMap<>(WriteOperation.class);
    }

    /** @return the scopes of a call that runs for {@code context} */
    static CallScopes of(StorageExtensions extensions, StorageContext context, SqlDialect dialect,
                         Function<Object, String> json) {
        return new CallScopes(extensions.hasScopes() ? extensions : null, context, dialect, json);
    }

    StorageContext context() {
        return context;
    }

    /** @return the model's read scope for this call */
    RecordScope of(ModelDescriptor model) {
        if (resolved == null) {
            return RecordScope.unrestricted();
        }
        return resolved.computeIfAbsent(model.getName(), name -> extensions.scope(model, context));
    }

    /**
     * @return the rows of the model this call may change: its read scope and its write scope together (the
     *     read scope alone where the resolvers give both the same)
     */
    RecordScope forWrite(ModelDescriptor model, WriteOperation operation) {
        if (resolvedWrite == null) {
            return RecordScope.unrestricted();
        }
        return resolvedWrite.computeIfAbsent(operation, op -> new HashMap<>(4)).computeIfAbsent(model.getName(), name -> {
            RecordScope read = of(model);
            RecordScope write = extensions.writeScope(model, context, operation);
            return write.equals(read) ? read : read.and(write);
        });
    }

    /**
     * @param model      a model
     * @param qualifier  its table alias with the dot ({@code "t."}), or empty
     * @param parameters receives the bound values
     * @return the model's scope as {@code "cond AND cond AND "} to put before another term, or empty
     */
    String leading(ModelDescriptor model, String qualifier, List<Object> parameters) {
        String terms = render(of(model), qualifier, parameters);
        return terms.isEmpty() ? "" : terms + " AND ";
    }

    /** @return {@link #leading} of the rows the call may change ({@link #forWrite}) */
    String leadingForWrite(ModelDescriptor model, WriteOperation operation, List<Object> parameters) {
        String terms = render(forWrite(model, operation), "", parameters);
        return terms.isEmpty() ? "" : terms + " AND ";
    }

    /** @return {@link #trailing} of the rows the call may change ({@link #forWrite}) */
    String trailingForWrite(ModelDescriptor model, WriteOperation operation, List<Object> parameters) {
        String terms = render(forWrite(model, operation), "", parameters);
        return terms.isEmpty() ? "" : " AND " + terms;
    }

    /**
     * @param model      a model
     * @param operation  what the write would do to its rows
     * @param parameters receives the bound values
     * @return {@code "NOT COALESCE((cond AND cond), FALSE) AND "}, matching the rows the call may not change
     *     (a NULL column counts as such), or empty when it may change every row it may read
     */
    String leadingNotForWrite(ModelDescriptor model, WriteOperation operation, List<Object> parameters) {
        RecordScope writable = forWrite(model, operation);
        if (writable == of(model)) {
            return "";
        }
        String terms = render(writable, "", parameters);
        return "NOT COALESCE((" + terms + "), FALSE) AND ";
    }

    /**
     * @param model      a model
     * @param qualifier  its table alias with the dot, or empty
     * @param parameters receives the bound values
     * @return the model's scope as {@code " AND cond AND cond"} to append to a WHERE, or empty
     */
    String trailing(ModelDescriptor model, String qualifier, List<Object> parameters) {
        String terms = render(of(model), qualifier, parameters);
        return terms.isEmpty() ? "" : " AND " + terms;
    }

    /** @return the model's read scope as {@code "cond AND cond"}, or empty when unrestricted */
    String render(ModelDescriptor model, String qualifier, List<Object> parameters) {
        return render(of(model), qualifier, parameters);
    }

    private String render(RecordScope scope, String qualifier, List<Object> parameters) {
        if (scope.isUnrestricted()) {
            return "";
        }
        if (scope.isNothing()) {
            return "1 = 0";
        }
        StringBuilder sql = new StringBuilder();
        for (FilterClause clause : scope.conditions()) {
            if (!sql.isEmpty()) {
                sql.append(" AND ");
            }
            sql.append(WhereClause.condition(clause, dialect, parameters, json, qualifier));
        }
        return sql.toString();
    }
}
