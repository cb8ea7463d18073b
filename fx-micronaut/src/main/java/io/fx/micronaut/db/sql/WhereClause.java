package io.fx.micronaut.db.sql;

import io.fx.micronaut.query.FilterClause;
import io.fx.micronaut.query.FilterOperator;
import io.fx.micronaut.query.ListQuery;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Renders the WHERE of a list query with bound parameters; no value is ever
 * concatenated into the SQL.
 */
final class WhereClause {

    final String sql;
    final List<Object> parameters;

    private WhereClause(String sql, List<Object> parameters) {
        this.sql = sql;
        this.parameters = parameters;
    }

    static WhereClause of(ModelStatements statements, ListQuery query, SqlDialect dialect, Function<Object, String> json,
                          CallScopes scopes) {
        List<String> terms = new ArrayList<>();
        List<Object> parameters = new ArrayList<>();
        if (statements.live != null && !query.includeSoftDeleted()) {
            terms.add(statements.live);
        }
        String scope = scopes.render(statements.model, "", parameters);
        if (!scope.isEmpty()) {
            terms.add(scope);
        }
        // Each term keeps the parameters it binds, so terms and parameters are emitted in one order
        // whatever the order of bare and grouped clauses in the request.
        Map<Integer, List<String>> groups = new TreeMap<>();
        Map<Integer, List<Object>> groupParameters = new TreeMap<>();
        for (FilterClause clause : query.filters()) {
            List<Object> bound = new ArrayList<>(2);
            String condition;
            if (clause.relation() == null) {
                condition = condition(clause, dialect, bound, json, "");
            } else {
                RelationStatements relation = statements.relations.get(clause.relation().name());
                List<Object> inner = new ArrayList<>(2);
                String target = condition(clause, dialect, inner, json, "");
                condition = relation.nestedFilter(scopes, bound, target);
                bound.addAll(inner);
            }
            if (clause.group() == 0) {
                terms.add(condition);
                parameters.addAll(bound);
            } else {
                groups.computeIfAbsent(clause.group(), g -> new ArrayList<>()).add(condition);
                groupParameters.computeIfAbsent(clause.group(), g -> new ArrayList<>()).addAll(bound);
            }
        }
        for (Map.Entry<Integer, List<String>> group : groups.entrySet()) {
            List<String> conditions = group.getValue();
            terms.add(conditions.size() == 1 ? conditions.get(0) : "(" + String.join(" OR ", conditions) + ")");
            parameters.addAll(groupParameters.get(group.getKey()));
        }
        return new WhereClause(terms.isEmpty() ? "" : " WHERE " + String.join(" AND ", terms), parameters);
    }

    /**
     * @param qualifier the table alias with its dot ({@code "t."}), or empty
     * @return the clause as one SQL condition; its values are appended to {@code parameters}
     */
    static String condition(FilterClause clause, SqlDialect dialect, List<Object> parameters,
                            Function<Object, String> json, String qualifier) {
        String column = qualifier + dialect.quote(clause.field().name());
        FilterOperator op = clause.operator();
        List<Object> values = clause.values();
        switch (op) {
            case EQ: return binary(column, "=", values, parameters);
            case NEQ: return binary(column, "<>", values, parameters);
            case GT: return binary(column, ">", values, parameters);
            case GTE: return binary(column, ">=", values, parameters);
            case LT: return binary(column, "<", values, parameters);
            case LTE: return binary(column, "<=", values, parameters);
            case LIKE: return binary(column, "LIKE", values, parameters);
            case ILIKE: return binary(column, "ILIKE", values, parameters);
            case CONTAINS:
                parameters.add("%" + escapeLike((String) values.get(0)) + "%");
                return column + " ILIKE ? ESCAPE '\\'";
            case STARTS_WITH:
                parameters.add(escapeLike((String) values.get(0)) + "%");
                return column + " ILIKE ? ESCAPE '\\'";
            case ENDS_WITH:
                parameters.add("%" + escapeLike((String) values.get(0)));
                return column + " ILIKE ? ESCAPE '\\'";
            case IN:
            case NOT_IN:
                parameters.addAll(values);
                return column + (op == FilterOperator.IN ? " IN (" : " NOT IN (")
                    + "?, ".repeat(values.size() - 1) + "?)";
            case BETWEEN:
                parameters.addAll(values);
                return column + " BETWEEN ? AND ?";
            case IS_NULL: return column + " IS NULL";
            case NOT_NULL: return column + " IS NOT NULL";
            case HAS:
            case NOT_HAS:
                parameters.add(dialect.jsonHasParameter(clause.field().type(), (String) values.get(0), json));
                String has = dialect.jsonHas(column, clause.field().type());
                return op == FilterOperator.HAS ? has + " = TRUE" : "(" + column + " IS NULL OR " + has + " = FALSE)";
            default:
                throw new IllegalStateException("unhandled operator " + op);
        }
    }

    private static String binary(String column, String operator, List<Object> values, List<Object> parameters) {
        parameters.add(values.get(0));
        return column + " " + operator + " ?";
    }

    static String escapeLike(String literal) {
        StringBuilder out = new StringBuilder(literal.length() + 4);
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (c == '%' || c == '_' || c == '\\') {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }
}
