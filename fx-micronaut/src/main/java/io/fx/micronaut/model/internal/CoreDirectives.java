package io.fx.micronaut.model.internal;

import io.fx.micronaut.model.Values;

import io.fx.micronaut.model.DirectiveSite;
import io.fx.micronaut.model.FieldDirective;
import io.fx.micronaut.model.FieldType;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.type.Argument;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The directives of the core, as {@link FieldDirective} instances, and their names.
 */
@Internal
final class CoreDirectives {

    static final String REQUIRED = "required";
    static final String ENUM = "enum";
    static final String MIN = "min";
    static final String MAX = "max";
    static final String DEFAULT = "default";
    static final String SORTABLE = "sortable";
    static final String RELATION = "relation";
    static final String THROUGH = "through";
    static final String ON_DELETE = "onDelete";
    static final String JSON_ARRAY = "json_array";
    static final String JSON_OBJECT = "json_object";

    /** Runs after every other directive: a default must satisfy the type and the rules the others set. */
    private static final int LAST = 1000;
    /** Runs before every other directive. */
    private static final int FIRST = -1000;

    private CoreDirectives() {
    }

    static List<FieldDirective> all() {
        return List.of(
            BuiltInDirective.flag(REQUIRED, (f, v, s) -> f.constraints(f.constraints().withRequired(true))),
            BuiltInDirective.valued(ENUM, (v, s) -> enumValues(v),
                    (f, v, s) -> f.constraints(f.constraints().withEnumValues(castList(v))))
                .types(FieldType.STRING),
            BuiltInDirective.valued(MIN, (v, s) -> Values.parseBound(s.model(), s.field(), MIN, v),
                    (f, v, s) -> f.constraints(f.constraints().withBounds((Double) v, f.constraints().max())))
                .types(FieldType.INTEGER, FieldType.DECIMAL),
            BuiltInDirective.valued(MAX, (v, s) -> Values.parseBound(s.model(), s.field(), MAX, v),
                    (f, v, s) -> f.constraints(f.constraints().withBounds(f.constraints().min(), (Double) v)))
                .types(FieldType.INTEGER, FieldType.DECIMAL),
            BuiltInDirective.valued(DEFAULT, (v, s) -> v, (f, v, s) -> f.defaultValue(
                Values.parseDefault(s.model(), s.field(), f.type(), (String) v, f.constraints()))).order(LAST),
            BuiltInDirective.flag("readonly", (f, v, s) -> f.readonly(true)),
            BuiltInDirective.flag("immutable", (f, v, s) -> f.immutable(true)),
            BuiltInDirective.flag("writeonly", (f, v, s) -> f.writeonly(true)),
            BuiltInDirective.flag("hidden", (f, v, s) -> f.hidden(true)),
            BuiltInDirective.flag("filterable", (f, v, s) -> f.filterable(true)),
            BuiltInDirective.flag(SORTABLE, (f, v, s) -> f.sortable(true)),
            BuiltInDirective.flag("searchable", (f, v, s) -> f.searchable(true)),
            BuiltInDirective.flag("index", (f, v, s) -> f.indexed(true)),
            BuiltInDirective.flag("unique", (f, v, s) -> f.unique(true)),
            BuiltInDirective.flag(JSON_ARRAY, (f, v, s) -> f.elementType(typeArgument(s, 0)))
                .storage(CoreDirectives::jsonArray).conflicts(JSON_OBJECT).order(FIRST),
            BuiltInDirective.flag(JSON_OBJECT, (f, v, s) -> f.elementType(typeArgument(s, 1)))
                .storage(CoreDirectives::jsonObject).conflicts(JSON_ARRAY).order(FIRST),
            // relation directives are read by the relation scan; on a field they change nothing
            BuiltInDirective.valued(RELATION, (v, s) -> v, (f, v, s) -> { }),
            BuiltInDirective.valued(THROUGH, (v, s) -> v, (f, v, s) -> { }),
            BuiltInDirective.valued(ON_DELETE, (v, s) -> v, (f, v, s) -> { }));
    }

    private static List<String> enumValues(String text) {
        return Arrays.stream(text.split("\\|")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    @SuppressWarnings("unchecked")
    private static List<String> castList(Object value) {
        return (List<String>) value;
    }

    private static Optional<FieldType> jsonArray(DirectiveSite site) {
        if (!FieldTypes.isCollection(site.javaType())) {
            throw site.fail("json_array needs a List, Set or array property, not " + site.javaType().getSimpleName());
        }
        return Optional.of(FieldType.JSON_ARRAY);
    }

    private static Optional<FieldType> jsonObject(DirectiveSite site) {
        if (!FieldTypes.isMap(site.javaType())) {
            throw site.fail("json_object needs a Map<String, Object> property, not " + site.javaType().getSimpleName());
        }
        return Optional.of(FieldType.JSON_OBJECT);
    }

    /** The declared element type: an array's component, or the index-th generic argument (a list's, a map's value). */
    private static Class<?> typeArgument(DirectiveSite site, int index) {
        Class<?> type = site.javaType();
        if (type.isArray()) {
            return type.getComponentType();
        }
        Argument<?>[] arguments = site.property().getTypeParameters();
        int at = Math.min(index, arguments.length - 1);
        return at < 0 ? null : arguments[at].getType();
    }
}
