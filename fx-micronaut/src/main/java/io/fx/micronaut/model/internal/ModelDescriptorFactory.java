package io.fx.micronaut.model.internal;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.FieldConstraints;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.IndexDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelOptions;
import io.fx.micronaut.query.QueryLimits;
import io.micronaut.core.annotation.AnnotationMetadata;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.beans.BeanIntrospection;
import io.micronaut.core.beans.BeanProperty;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.PatternSyntaxException;

/**
 * Builds a {@link ModelDescriptor} from a model's bean introspection and options. Runs once per model
 * at startup; every failure names the model and the field.
 */
@Internal
public final class ModelDescriptorFactory {

    private static final List<String> REMOVING_ANNOTATIONS = List.of(
        "com.fasterxml.jackson.annotation.JsonIgnore", "jakarta.persistence.Transient",
        "javax.persistence.Transient", "io.micronaut.data.annotation.Transient", "java.beans.Transient");
    private static final Map<String, FieldRole> BASE_ROLES = Map.of(
        "id", FieldRole.ID, "createdAt", FieldRole.CREATED_AT, "updatedAt", FieldRole.UPDATED_AT);

    private final QueryLimits serverLimits;
    private final boolean strict;

    /**
     * @param serverLimits the server-wide query limits
     * @param strict       whether unknown directives fail startup
     */
    public ModelDescriptorFactory(QueryLimits serverLimits, boolean strict) {
        this.serverLimits = serverLimits;
        this.strict = strict;
    }

    /**
     * @param introspection the model's introspection
     * @param options       its configuration
     * @return the descriptor
     */
    @SuppressWarnings("unchecked")
    public ModelDescriptor create(BeanIntrospection<?> introspection, ModelOptions options) {
        Class<?> type = introspection.getBeanType();
        String name = type.getSimpleName();
        if (!BaseModel.class.isAssignableFrom(type)) {
            throw new FxConfigurationException("Cannot register " + type.getName()
                + ": a model must extend " + BaseModel.class.getName());
        }
        String table = options.table() == null || options.table().isBlank() ? Naming.tableName(name) : options.table();
        if (!table.matches("[a-z][a-z0-9_]*")) {
            throw new FxConfigurationException("Model " + name + ": table name '" + table
                + "' must be lower-case letters, digits and underscores");
        }
        String markerColumn = markerColumn(options);
        List<FieldDescriptor> fields = new ArrayList<>();
        FieldDescriptor marker = null;
        for (BeanProperty<?, ?> property : introspection.getBeanProperties()) {
            FieldDescriptor field = describe(name, property, options, markerColumn);
            if (field == null) {
                continue;
            }
            if (field.role() == FieldRole.SOFT_DELETE_MARKER) {
                marker = field;
            }
            fields.add(field);
        }
        if (markerColumn != null && marker == null) {
            marker = syntheticMarker(options.softDelete(), markerColumn);
            fields.add(marker);
        }
        fields.sort((a, b) -> Integer.compare(rank(a.role()), rank(b.role())));
        checkBaseFields(name, fields);
        List<IndexDescriptor> indices = checkIndices(name, table, fields, options.indices());
        return new ModelDescriptor(name, (Class<? extends BaseModel>) type, table, fields, options.softDelete(), marker,
            indices, serverLimits.overriddenBy(options.limits()), options.middleware());
    }

    /**
     * @param property a bean property
     * @return whether it is left out of the model: {@code @Fx("-")}, a removing annotation, or read-only
     */
    static boolean isRemoved(BeanProperty<?, ?> property) {
        AnnotationMetadata meta = property.getAnnotationMetadata();
        return "-".equals(meta.stringValue(Fx.class).orElse(null))
            || REMOVING_ANNOTATIONS.stream().anyMatch(meta::hasAnnotation) || property.isReadOnly();
    }

    private static int rank(FieldRole role) {
        return switch (role) {
            case ID -> 0;
            case CREATED_AT -> 1;
            case UPDATED_AT -> 2;
            case DATA -> 3;
            case SOFT_DELETE_MARKER -> 4;
        };
    }

    private static String markerColumn(ModelOptions options) {
        if (options.softDelete() == SoftDelete.NONE) {
            return null;
        }
        if (options.softDeleteField() != null && !options.softDeleteField().isBlank()) {
            return options.softDeleteField();
        }
        return options.softDelete() == SoftDelete.TIMESTAMP ? "deleted_at" : "is_deleted";
    }

    private FieldDescriptor describe(String model, BeanProperty<?, ?> property, ModelOptions options, String markerColumn) {
        AnnotationMetadata meta = property.getAnnotationMetadata();
        String directives = meta.stringValue(Fx.class).orElse(null);
        if (isRemoved(property) || RelationScanner.isRelationProperty(property)) {
            return null;
        }
        String column = Naming.snakeCase(property.getName());
        Class<?> javaType = property.getType();
        FieldRole role = BASE_ROLES.getOrDefault(property.getName(),
            column.equals(markerColumn) ? FieldRole.SOFT_DELETE_MARKER : FieldRole.DATA);
        if (role == FieldRole.CREATED_AT || role == FieldRole.UPDATED_AT) {
            directives = options.timestamps();
        }
        ParsedDirectives parsed = ParsedDirectives.parse(directives, model, column, strict);
        FieldType type = inferType(model, column, javaType, parsed);
        if (role == FieldRole.SOFT_DELETE_MARKER) {
            FieldType expected = options.softDelete() == SoftDelete.TIMESTAMP ? FieldType.TIMESTAMP : FieldType.BOOLEAN;
            if (type != expected) {
                throw new FxConfigurationException("Model " + model + ", field " + column + ": the soft-delete marker must be a "
                    + expected.name().toLowerCase() + " property");
            }
            return new FieldDescriptor(column, property.getName(), type, javaType, role, type == FieldType.TIMESTAMP,
                true, false, false, false, true, parsed.has(Directive.SORTABLE), false, false,
                type == FieldType.BOOLEAN ? Boolean.FALSE : null, FieldConstraints.NONE);
        }
        FieldConstraints constraints = constraints(model, column, type, javaType, parsed, meta);
        boolean primitive = javaType.isPrimitive();
        boolean nullable = !primitive && !constraints.required() && role == FieldRole.DATA;
        Object defaultValue = parsed.has(Directive.DEFAULT)
            ? Values.parseDefault(model, column, type, parsed.value(Directive.DEFAULT), constraints) : null;
        boolean base = role != FieldRole.DATA;
        return new FieldDescriptor(column, property.getName(), type, javaType, role, nullable,
            base || parsed.has(Directive.READONLY), parsed.has(Directive.IMMUTABLE), parsed.has(Directive.WRITEONLY),
            parsed.has(Directive.HIDDEN), parsed.has(Directive.FILTERABLE), parsed.has(Directive.SORTABLE),
            parsed.has(Directive.UNIQUE), parsed.has(Directive.SEARCHABLE), defaultValue, constraints);
    }

    private static FieldType inferType(String model, String column, Class<?> javaType, ParsedDirectives parsed) {
        if (parsed.has(Directive.JSON_ARRAY)) {
            if (!FieldTypes.isCollection(javaType)) {
                throw new FxConfigurationException("Model " + model + ", field " + column
                    + ": json_array needs a List, Set or array property, not " + javaType.getSimpleName());
            }
            return FieldType.JSON_ARRAY;
        }
        if (parsed.has(Directive.JSON_OBJECT)) {
            if (!FieldTypes.isMap(javaType)) {
                throw new FxConfigurationException("Model " + model + ", field " + column
                    + ": json_object needs a Map<String, Object> property, not " + javaType.getSimpleName());
            }
            return FieldType.JSON_OBJECT;
        }
        return FieldTypes.scalar(javaType).orElseThrow(() -> new FxConfigurationException("Model " + model + ", field "
            + column + ": type " + javaType.getName() + " is not supported (collections need json_array, maps need "
            + "json_object; mark other properties @Fx(\"-\") to leave them out)"));
    }

    private static FieldConstraints constraints(String model, String column, FieldType type, Class<?> javaType,
                                                ParsedDirectives parsed, AnnotationMetadata meta) {
        List<String> enumValues = new ArrayList<>();
        if (parsed.has(Directive.ENUM)) {
            enumValues.addAll(Arrays.stream(parsed.value(Directive.ENUM).split("\\|")).map(String::trim)
                .filter(s -> !s.isEmpty()).toList());
        } else if (javaType.isEnum()) {
            for (Object constant : javaType.getEnumConstants()) {
                enumValues.add(((Enum<?>) constant).name());
            }
        }
        if (!enumValues.isEmpty() && type != FieldType.STRING) {
            throw new FxConfigurationException("Model " + model + ", field " + column + ": enum needs a text field");
        }
        Double min = parsed.has(Directive.MIN) ? Values.parseBound(model, column, "min", parsed.value(Directive.MIN))
            : meta.longValue(Min.class, "value").stream().mapToObj(v -> (double) v).findFirst().orElse(null);
        Double max = parsed.has(Directive.MAX) ? Values.parseBound(model, column, "max", parsed.value(Directive.MAX))
            : meta.longValue(Max.class, "value").stream().mapToObj(v -> (double) v).findFirst().orElse(null);
        if ((min != null || max != null) && !type.isNumeric()) {
            throw new FxConfigurationException("Model " + model + ", field " + column + ": min and max need a numeric field");
        }
        Integer minSize = meta.isAnnotationPresent(Size.class) ? meta.intValue(Size.class, "min").orElse(0) : null;
        Integer maxSize = meta.isAnnotationPresent(Size.class)
            ? meta.intValue(Size.class, "max").orElse(Integer.MAX_VALUE) : null;
        java.util.regex.Pattern pattern = null;
        String regexp = meta.stringValue(Pattern.class, "regexp").orElse(null);
        if (regexp != null) {
            try {
                pattern = java.util.regex.Pattern.compile(regexp);
            } catch (PatternSyntaxException e) {
                throw new FxConfigurationException("Model " + model + ", field " + column + ": @Pattern is not a valid "
                    + "regular expression: " + e.getDescription());
            }
        }
        boolean notBlank = meta.hasStereotype(NotBlank.class);
        boolean required = parsed.has(Directive.REQUIRED) || notBlank || meta.hasStereotype(NotNull.class);
        return new FieldConstraints(required, notBlank, List.copyOf(enumValues), min, max, minSize, maxSize, pattern,
            meta.hasStereotype(Email.class));
    }

    private static FieldDescriptor syntheticMarker(SoftDelete mode, String column) {
        boolean timestamp = mode == SoftDelete.TIMESTAMP;
        return new FieldDescriptor(column, null, timestamp ? FieldType.TIMESTAMP : FieldType.BOOLEAN,
            timestamp ? Instant.class : boolean.class, FieldRole.SOFT_DELETE_MARKER, timestamp, true, false, false,
            false, true, false, false, false, timestamp ? null : Boolean.FALSE, FieldConstraints.NONE);
    }

    private static void checkBaseFields(String model, List<FieldDescriptor> fields) {
        Set<String> names = new HashSet<>();
        for (FieldDescriptor f : fields) {
            if (!names.add(f.name())) {
                throw new FxConfigurationException("Model " + model + ": two properties map to the column " + f.name());
            }
        }
        if (!names.contains("id") || !names.contains("created_at") || !names.contains("updated_at")) {
            throw new FxConfigurationException("Model " + model + ": the base-model properties id, createdAt and "
                + "updatedAt must stay visible to introspection");
        }
    }

    private static List<IndexDescriptor> checkIndices(String model, String table, List<FieldDescriptor> fields,
                                                      List<IndexDescriptor> indices) {
        Set<String> columns = new HashSet<>();
        fields.forEach(f -> columns.add(f.name()));
        List<IndexDescriptor> named = new ArrayList<>();
        for (IndexDescriptor index : indices) {
            if (index.columns().isEmpty()) {
                throw new FxConfigurationException("Model " + model + ": an index needs at least one column");
            }
            for (String c : index.columns()) {
                if (!columns.contains(c)) {
                    throw new FxConfigurationException("Model " + model + ": index column '" + c + "' is not a field");
                }
            }
            String indexName = index.name().isBlank()
                ? (index.unique() ? "uidx_" : "idx_") + table + "_" + String.join("_", index.columns()) : index.name();
            named.add(new IndexDescriptor(indexName, index.columns(), index.unique()));
        }
        return named;
    }
}
