package io.fx.micronaut.query;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.RecordIds;
import io.fx.micronaut.model.RelationKind;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.model.Values;
import io.fx.micronaut.query.FilterClause;
import io.fx.micronaut.query.FilterOperator;
import io.fx.micronaut.query.ListQuery;
import io.fx.micronaut.config.QueryLimits;
import io.fx.micronaut.config.TotalMode;
import io.fx.micronaut.query.SortField;
import io.micronaut.core.annotation.Internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Parses list query parameters against a model: {@code filter}, {@code filter[N]}, {@code sort},
 * {@code include}, {@code page}, {@code limit}, {@code total} and {@code cursor} (checked by the store, which
 * signed it). Every refusal is a 400 {@code INVALID_QUERY} whose
 * message names the parameter, field, operator or limit at fault. Stateless and thread-safe.
 */
@Internal
public final class QueryParser {

    private static final String FILTER = "filter";

    private final Predicate<FieldDescriptor> storageFilterable;
    private final Predicate<FieldDescriptor> storageSortable;
    private final java.util.function.Function<FieldDescriptor, java.util.Optional<String>> storageRefusal;

    /** A parser for fields whose storage allows every filter and sort their directives allow. */
    public QueryParser() {
        this(f -> true, f -> true);
    }

    /**
     * @param storageFilterable whether the storage of a field can be filtered (a field codec may forbid it)
     * @param storageSortable   whether the storage of a field can be sorted
     */
    public QueryParser(Predicate<FieldDescriptor> storageFilterable, Predicate<FieldDescriptor> storageSortable) {
        this(storageFilterable, storageSortable, f -> java.util.Optional.empty());
    }

    /**
     * @param storageFilterable whether the storage of a field can be filtered (a field codec may forbid it)
     * @param storageSortable   whether the storage of a field can be sorted
     * @param storageRefusal    why the storage of a field refuses filters and sorts, when it says (an encrypted field)
     */
    public QueryParser(Predicate<FieldDescriptor> storageFilterable, Predicate<FieldDescriptor> storageSortable,
                       java.util.function.Function<FieldDescriptor, java.util.Optional<String>> storageRefusal) {
        this.storageFilterable = storageFilterable;
        this.storageSortable = storageSortable;
        this.storageRefusal = storageRefusal;
    }

    /** A refusal the storage explains: the message and the details name the field and the reason. */
    private FxException refused(String parameter, String fieldName, FieldDescriptor field, String generic) {
        String reason = storageRefusal.apply(field).orElse(null);
        if (reason == null) {
            return invalid(parameter + ": field '" + fieldName + "' is " + generic);
        }
        return ErrorCode.INVALID_QUERY.exception(parameter + ": field '" + fieldName + "' is " + generic + " ("
            + reason + ")", Map.of("field", fieldName, "reason", reason), null);
    }

    /**
     * @param model      the model
     * @param parameters the query parameters, each name with all its values
     * @return the parsed query
     */
    public ListQuery parse(ModelDescriptor model, Map<String, List<String>> parameters) {
        QueryLimits limits = model.getLimits();
        List<FilterClause> filters = new ArrayList<>();
        List<SortField> sort = new ArrayList<>();
        List<String> includes = new ArrayList<>();
        int page = 1;
        boolean paged = false;
        int limit = limits.defaultPageSize();
        TotalMode total = null;
        String cursor = null;
        for (Map.Entry<String, List<String>> parameter : parameters.entrySet()) {
            String name = parameter.getKey();
            List<String> values = parameter.getValue();
            if (name.equals(FILTER)) {
                for (String clause : values) {
                    filters.add(parseClause(model, 0, clause));
                }
            } else if (name.startsWith(FILTER + "[")) {
                int group = groupIndex(name) + 1;
                for (String clause : values) {
                    filters.add(parseClause(model, group, clause));
                }
            } else if (name.equals("sort")) {
                for (String value : values) {
                    for (String key : value.split(",")) {
                        if (!key.isBlank()) {
                            sort.add(parseSort(model, key.trim()));
                        }
                    }
                }
            } else if (name.equals("include")) {
                for (String value : values) {
                    for (String key : value.split(",")) {
                        if (!key.isBlank()) {
                            includes.add(key.trim());
                        }
                    }
                }
            } else if (name.equals("page")) {
                page = positiveInt("page", last(values));
                paged = true;
            } else if (name.equals("total")) {
                String token = last(values).trim();
                total = TotalMode.fromToken(token).orElseThrow(() ->
                    invalid("total must be exact, estimated or none, got '" + token + "'"));
            } else if (name.equals("cursor")) {
                cursor = last(values).trim();
                if (cursor.isEmpty()) {
                    throw ErrorCode.INVALID_CURSOR.exception("cursor must not be empty; omit it for the first page");
                }
            } else if (name.equals("limit")) {
                limit = Math.min(positiveInt("limit", last(values)), limits.maxPageSize());
            }
        }
        if (paged && cursor != null) {
            throw invalid("page and cursor cannot be combined: page by number or by cursor");
        }
        checkLimits(limits, filters, sort, includes);
        for (String include : includes) {
            checkInclude(model, include);
        }
        boolean markerFiltered = filters.stream()
            .anyMatch(f -> f.relation() == null && f.field().role() == FieldRole.SOFT_DELETE_MARKER);
        return new ListQuery(filters, sort, includes, page, limit, markerFiltered, total, cursor);
    }

    private static String last(List<String> values) {
        return values.isEmpty() ? "" : values.get(values.size() - 1);
    }

    private static int groupIndex(String name) {
        if (!name.endsWith("]")) {
            throw invalid("filter group '" + name + "' must be written filter[N]");
        }
        String index = name.substring(FILTER.length() + 1, name.length() - 1);
        if (index.isEmpty() || !index.chars().allMatch(Character::isDigit) || index.length() > 9) {
            throw invalid("filter group index '" + index + "' must be a non-negative integer");
        }
        return Integer.parseInt(index);
    }

    private static int positiveInt(String parameter, String text) {
        try {
            int value = Integer.parseInt(text.trim());
            if (value < 1) {
                throw invalid(parameter + " must be a positive integer, got '" + text + "'");
            }
            return value;
        } catch (NumberFormatException e) {
            throw invalid(parameter + " must be a positive integer, got '" + text + "'");
        }
    }

    private FilterClause parseClause(ModelDescriptor model, int group, String clause) {
        int first = clause.indexOf(':');
        if (first <= 0) {
            throw invalid("filter '" + clause + "' must be written field:operator:value");
        }
        String fieldName = clause.substring(0, first);
        int second = clause.indexOf(':', first + 1);
        String opToken = second < 0 ? clause.substring(first + 1) : clause.substring(first + 1, second);
        String value = second < 0 ? null : clause.substring(second + 1);
        int dot = fieldName.indexOf('.');
        RelationDescriptor relation = dot < 0 ? null : relation(model, "filter", fieldName.substring(0, dot));
        ModelDescriptor owner = relation == null ? model : relation.target();
        String ownName = dot < 0 ? fieldName : fieldName.substring(dot + 1);
        FieldDescriptor field = owner.findField(ownName).filter(FieldDescriptor::isReadable)
            .orElseThrow(() -> invalid("filter: unknown field '" + ownName + "' on " + owner.getName()));
        if (!field.filterable() || !storageFilterable.test(field)) {
            throw refused("filter", fieldName, field, "not filterable");
        }
        if (relation != null && field.role() == FieldRole.SOFT_DELETE_MARKER) {
            throw invalid("filter: field '" + fieldName + "' cannot be filtered; soft-deleted related records never match");
        }
        FilterOperator op = FilterOperator.fromToken(opToken)
            .orElseThrow(() -> invalid("filter: unknown operator '" + opToken + "' in '" + clause + "'"));
        checkOperatorFits(field, op);
        List<Object> values = values(model, field, op, value);
        return new FilterClause(group, field, op, namesRecords(owner, field) ? storedIds(values) : values, relation);
    }

    /** @return whether the field holds record ids: the id, or the key of a BelongsTo relation */
    private static boolean namesRecords(ModelDescriptor owner, FieldDescriptor field) {
        return field.role() == FieldRole.ID || owner.getRelations().stream()
            .anyMatch(r -> r.kind() == RelationKind.BELONGS_TO && r.foreignKey().name().equals(field.name()));
    }

    /** Ids are compared in their stored, lower-case form ({@link RecordIds}); other values stay as they are. */
    private static List<Object> storedIds(List<Object> values) {
        List<Object> stored = new ArrayList<>(values.size());
        for (Object value : values) {
            String id = RecordIds.stored(value);
            stored.add(id == null ? value : id);
        }
        return stored;
    }

    /**
     * Checks an include key: a relation key of the model, or {@code relation.nested} one level deeper.
     */
    private static void checkInclude(ModelDescriptor model, String include) {
        int dot = include.indexOf('.');
        RelationDescriptor first = relation(model, "include", dot < 0 ? include : include.substring(0, dot));
        if (dot >= 0) {
            String nested = include.substring(dot + 1);
            if (nested.indexOf('.') >= 0) {
                throw invalid("include: '" + include + "' nests deeper than one level");
            }
            if (first.target().findRelation(nested).isEmpty()) {
                throw invalid("include: unknown relation '" + nested + "' on " + first.target().getName()
                    + " in '" + include + "'");
            }
        }
    }

    private static RelationDescriptor relation(ModelDescriptor model, String parameter, String key) {
        return model.findRelation(key).orElseThrow(() ->
            invalid(parameter + ": unknown relation '" + key + "' on " + model.getName()));
    }

    private static void checkOperatorFits(FieldDescriptor field, FilterOperator op) {
        FieldType type = field.type();
        if (type.isJson()) {
            if (op == FilterOperator.HAS || op == FilterOperator.NOT_HAS || op.isNullary()) {
                return;
            }
            throw invalid("filter: operator '" + op.token() + "' is not available on JSON field '" + field.name()
                + "'; use has, not_has, is_null or not_null");
        }
        if (op == FilterOperator.HAS || op == FilterOperator.NOT_HAS) {
            throw invalid("filter: operator '" + op.token() + "' needs a json_array or json_object field, '"
                + field.name() + "' is neither");
        }
        if (op.isTextMatch() && type != FieldType.STRING) {
            throw invalid("filter: operator '" + op.token() + "' needs a text field, '" + field.name() + "' is "
                + type.name().toLowerCase());
        }
        if (op.isOrdering() && type == FieldType.BOOLEAN) {
            throw invalid("filter: operator '" + op.token() + "' does not apply to boolean field '" + field.name() + "'");
        }
    }

    private static List<Object> values(ModelDescriptor model, FieldDescriptor field, FilterOperator op, String value) {
        if (op.isNullary()) {
            if (value != null && !value.isEmpty()) {
                throw invalid("filter: operator '" + op.token() + "' on '" + field.name() + "' takes no value");
            }
            return List.of();
        }
        if (value == null || value.isEmpty()) {
            throw invalid("filter: operator '" + op.token() + "' on '" + field.name() + "' needs a value");
        }
        if (op == FilterOperator.HAS || op == FilterOperator.NOT_HAS) {
            if (field.type() == FieldType.JSON_OBJECT && value.indexOf('=') <= 0) {
                throw invalid("filter: has on JSON object field '" + field.name() + "' takes key=value");
            }
            return List.of(value);
        }
        if (op.isTextMatch()) {
            checkPattern(model.getLimits(), field, op, value);
        }
        if (op.isList()) {
            String[] parts = value.split(",", -1);
            if (op == FilterOperator.BETWEEN && parts.length != 2) {
                throw invalid("filter: between on '" + field.name() + "' takes low,high");
            }
            if (parts.length > model.getLimits().maxInValues()) {
                throw invalid("filter: " + parts.length + " values in '" + op.token() + "' exceed the limit of "
                    + model.getLimits().maxInValues() + " (maxInValues)");
            }
            List<Object> cast = new ArrayList<>(parts.length);
            for (String part : parts) {
                cast.add(cast(field, part));
            }
            return cast;
        }
        if (op.isTextMatch()) {
            return List.of(value);
        }
        return List.of(cast(field, value));
    }

    private static Object cast(FieldDescriptor field, String text) {
        try {
            return Values.parseScalar(field.type(), text);
        } catch (IllegalArgumentException e) {
            throw invalid("filter: value for field '" + field.name() + "': " + e.getMessage());
        }
    }

    private SortField parseSort(ModelDescriptor model, String key) {
        int colon = key.indexOf(':');
        String fieldName = colon < 0 ? key : key.substring(0, colon);
        String direction = colon < 0 ? "asc" : key.substring(colon + 1);
        FieldDescriptor field = model.findField(fieldName).filter(FieldDescriptor::isReadable)
            .orElseThrow(() -> invalid("sort: unknown field '" + fieldName + "' on " + model.getName()));
        if (!field.sortable() || !storageSortable.test(field)) {
            throw refused("sort", fieldName, field, "not sortable");
        }
        if (!direction.equals("asc") && !direction.equals("desc")) {
            throw invalid("sort: direction '" + direction + "' must be asc or desc");
        }
        return new SortField(field, direction.equals("desc"));
    }

    private static void checkLimits(QueryLimits limits, List<FilterClause> filters, List<SortField> sort,
                                    List<String> includes) {
        if (filters.size() > limits.maxFilterClauses()) {
            throw invalid(filters.size() + " filter clauses exceed the limit of " + limits.maxFilterClauses()
                + " (maxFilterClauses)");
        }
        Map<Integer, Integer> groups = new HashMap<>();
        filters.stream().filter(f -> f.group() > 0).forEach(f -> groups.merge(f.group(), 1, Integer::sum));
        if (groups.size() > limits.maxOrGroups()) {
            throw invalid(groups.size() + " OR groups exceed the limit of " + limits.maxOrGroups() + " (maxOrGroups)");
        }
        for (Map.Entry<Integer, Integer> g : groups.entrySet()) {
            if (g.getValue() > limits.maxGroupClauses()) {
                throw invalid("filter[" + (g.getKey() - 1) + "] has " + g.getValue() + " clauses, over the limit of "
                    + limits.maxGroupClauses() + " (maxGroupClauses)");
            }
        }
        if (sort.size() > limits.maxSortFields()) {
            throw invalid(sort.size() + " sort fields exceed the limit of " + limits.maxSortFields() + " (maxSortFields)");
        }
        if (includes.size() > limits.maxIncludes()) {
            throw invalid(includes.size() + " include keys exceed the limit of " + limits.maxIncludes() + " (maxIncludes)");
        }
    }

    /**
     * Bounds the cost of a pattern: its length for every pattern operator, its wildcards for the raw ones
     * ({@code like}, {@code ilike}); an escaped {@code \\%} or {@code \\_} is literal and not counted.
     */
    static void checkPattern(QueryLimits limits, FieldDescriptor field, FilterOperator op, String value) {
        if (limits.maxLikeLength() >= 0 && value.length() > limits.maxLikeLength()) {
            throw invalid("filter: the " + op.token() + " value for field '" + field.name() + "' is " + value.length()
                + " characters long, over the limit of " + limits.maxLikeLength() + " (maxLikeLength)");
        }
        if (limits.maxLikeWildcards() < 0 || (op != FilterOperator.LIKE && op != FilterOperator.ILIKE)) {
            return;
        }
        int wildcards = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '%' || c == '_') {
                wildcards++;
            }
        }
        if (wildcards > limits.maxLikeWildcards()) {
            throw invalid("filter: the " + op.token() + " pattern for field '" + field.name() + "' has " + wildcards
                + " wildcards, over the limit of " + limits.maxLikeWildcards() + " (maxLikeWildcards)");
        }
    }

    private static FxException invalid(String message) {
        return ErrorCode.INVALID_QUERY.exception(message);
    }
}
