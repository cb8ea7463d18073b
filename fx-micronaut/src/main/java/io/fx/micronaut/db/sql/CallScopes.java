package io.fx.micronaut.db.sql;

import io.fx.micronaut.db.RecordScope;
import io.fx.micronaut.db.StorageContext;
import io.fx.micronaut.db.StorageExtensions;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.query.FilterClause;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The scopes of one storage call: each model's {@link RecordScope} resolved once for the call's
 * context, and rendered as SQL terms with bound parameters. When no resolver is registered every
 * scope is unrestricted and nothing is rendered or allocated.
 */
final class CallScopes {

    private final StorageExtensions extensions;
    private final StorageContext context;
    private final SqlDialect dialect;
    private final Function<Object, String> json;
    private final Map<String, RecordScope> resolved;

    private CallScopes(StorageExtensions extensions, StorageContext context, SqlDialect dialect,
                       Function<Object, String> json) {
        this.extensions = extensions;
        this.context = context;
        this.dialect = dialect;
        this.json = json;
        this.resolved = extensions == null ? null : new HashMap<>(4);
    }

    /** @return the scopes of a call that runs for {@code context} */
    static CallScopes of(StorageExtensions extensions, StorageContext context, SqlDialect dialect,
                         Function<Object, String> json) {
        return new CallScopes(extensions.hasScopes() ? extensions : null, context, dialect, json);
    }

    StorageContext context() {
        return context;
    }

    /** @return the model's scope for this call */
    RecordScope of(ModelDescriptor model) {
        if (resolved == null) {
            return RecordScope.unrestricted();
        }
        RecordScope scope = resolved.get(model.getName());
        if (scope == null) {
            scope = extensions.scope(model, context);
            resolved.put(model.getName(), scope);
        }
        return scope;
    }

    /**
     * @param model      a model
     * @param qualifier  its table alias with the dot ({@code "t."}), or empty
     * @param parameters receives the bound values
     * @return the model's scope as {@code "cond AND cond AND "} to put before another term, or empty
     */
    String leading(ModelDescriptor model, String qualifier, List<Object> parameters) {
        String terms = render(model, qualifier, parameters);
        return terms.isEmpty() ? "" : terms + " AND ";
    }

    /**
     * @param model      a model
     * @param qualifier  its table alias with the dot, or empty
     * @param parameters receives the bound values
     * @return the model's scope as {@code " AND cond AND cond"} to append to a WHERE, or empty
     */
    String trailing(ModelDescriptor model, String qualifier, List<Object> parameters) {
        String terms = render(model, qualifier, parameters);
        return terms.isEmpty() ? "" : " AND " + terms;
    }

    /** @return the model's scope as {@code "cond AND cond"}, or empty when unrestricted */
    String render(ModelDescriptor model, String qualifier, List<Object> parameters) {
        RecordScope scope = of(model);
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
