package io.fx.micronaut.model.internal;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.model.BaseModel;
import io.fx.micronaut.model.DirectiveSite;
import io.fx.micronaut.model.FieldDirective;
import io.fx.micronaut.model.FieldConstraints;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.FieldRole;
import io.fx.micronaut.model.FieldType;
import io.fx.micronaut.model.IndexDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.ModelOptions;
import io.fx.micronaut.config.QueryLimits;
import io.micronaut.core.annotation.AnnotationMetadata;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.beans.BeanIntrospection;
import io.micronaut.core.beans.BeanProperty;
import io.micronaut.core.order.OrderUtil;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
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

    private static final java.util.regex.Pattern TABLE_NAME = java.util.regex.Pattern.compile("[a-z][a-z0-9_]*");

    private final QueryLimits serverLimits;
    private final boolean strict;
    private final DirectiveCatalog catalog;

    /**
     * @param serverLimits the server-wide query limits
     * @param strict       whether unknown directives fail startup
     * @param directives   the directives modules contribute, beside the core's
     */
    public ModelDescriptorFactory(QueryLimits serverLimits, boolean strict, Collection<? extends FieldDirective> directives) {
        this.serverLimits = serverLimits;
        this.strict = strict;
        this.catalog = DirectiveCatalog.of(directives);
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
        checkTableName(name, table);
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
        for (String overridden : options.directives().keySet()) {
            if (fields.stream().noneMatch(f -> overridden.equals(f.property()))) {
                throw new FxConfigurationException("Model " + name + ": ModelOptions.directives names the property '"
                    + overridden + "', which is not a field of the model");
            }
        }
        if (markerColumn != null && marker == null) {
            marker = syntheticMarker(options.softDelete(), markerColumn);
            fields.add(marker);
        }
        fields.sort((a, b) -> Integer.compare(rank(a.role()), rank(b.role())));
        checkBaseFields(name, fields);
        List<IndexDescriptor> indices = checkIndices(name, table, fields, options.indices());
        return ModelDescriptor.builder(name, (Class<? extends BaseModel>) type, table).fields(fields)
            .softDelete(options.softDelete(), marker).indices(indices).limits(serverLimits.overriddenBy(options.limits()))
            .headless(options.headless()).totalMode(options.total()).versioning(options.versioning()).build();
    }

    /**
     * @param model the model name
     * @param table its table name
     * @throws FxConfigurationException when the table name is not lower-case letters, digits and underscores
     */
    static void checkTableName(String model, String table) {
        if (!TABLE_NAME.matcher(table).matches()) {
            throw new FxConfigurationException("Model " + model + ": table name '" + table
                + "' must be lower-case letters, digits and underscores");
        }
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
        String directives = options.directives().getOrDefault(property.getName(), meta.stringValue(Fx.class).orElse(null));
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
        DirectiveSite site = new DirectiveSite(model, column, property.asArgument());
        ParsedDirectives parsed = ParsedDirectives.parse(directives, model, column, strict, catalog);
        FieldType type = storageType(site, parsed);
        if (role == FieldRole.SOFT_DELETE_MARKER) {
            return marker(site, property.getName(), type, options.softDelete(), parsed.has(CoreDirectives.SORTABLE));
        }
        FieldDescriptor.Builder field = FieldDescriptor.builder(column, type, javaType).property(property.getName())
            .role(role).readonly(role != FieldRole.DATA).constraints(annotatedConstraints(site, type, meta));
        applyDirectives(site, parsed, field);
        FieldConstraints constraints = field.constraints();
        if ((constraints.min() != null || constraints.max() != null) && !type.isNumeric()) {
            throw site.fail("min and max need a numeric field");
        }
        if (!constraints.enumValues().isEmpty() && field.type() != FieldType.STRING) {
            throw site.fail("enum needs a text field");
        }
        return field.nullable(!javaType.isPrimitive() && !constraints.required() && role == FieldRole.DATA).build();
    }

    /** The type a directive decides (at most one may), else the one inferred from the Java type. */
    private static FieldType storageType(DirectiveSite site, ParsedDirectives parsed) {
        FieldType decided = null;
        FieldDirective decider = null;
        for (FieldDirective directive : parsed.directives().keySet()) {
            FieldType type = directive.storageType(site).orElse(null);
            if (type == null) {
                continue;
            }
            if (decided != null && decided != type) {
                throw site.fail("directives '" + decider.name() + "' and '" + directive.name() + "' cannot be combined");
            }
            decided = type;
            decider = directive;
        }
        if (decided != null) {
            return decided;
        }
        return FieldTypes.scalar(site.javaType()).orElseThrow(() -> site.fail("type " + site.javaType().getName()
            + " is not supported (collections need json_array, maps need json_object; mark other properties "
            + "@Fx(\"-\") to leave them out)"));
    }

    /** Runs the field's directives in order, then checks the types they apply to and their conflicts. */
    private static void applyDirectives(DirectiveSite site, ParsedDirectives parsed, FieldDescriptor.Builder field) {
        Map<FieldDirective, String> present = parsed.directives();
        List<FieldDirective> ordered = new ArrayList<>(present.keySet());
        OrderUtil.sort(ordered);
        for (FieldDirective directive : ordered) {
            String raw = present.get(directive);
            Object value = directive.takesValue() ? directive.parse(raw, site) : null;
            directive.apply(field, value, site);
        }
        for (FieldDirective directive : ordered) {
            if (!directive.fieldTypes().isEmpty() && !directive.fieldTypes().contains(field.type())) {
                throw site.fail("directive '" + directive.name() + "' applies to " + typeNames(directive.fieldTypes())
                    + " fields, not " + field.type().name().toLowerCase(Locale.ROOT));
            }
            for (FieldDirective other : ordered) {
                if (other != directive && directive.conflictsWith().contains(other.name())) {
                    throw site.fail("directives '" + directive.name() + "' and '" + other.name()
                        + "' cannot be combined");
                }
            }
        }
    }

    private static String typeNames(Set<FieldType> types) {
        return types.stream().map(t -> t.name().toLowerCase(Locale.ROOT)).sorted().collect(Collectors.joining(" or "));
    }

    private static FieldDescriptor marker(DirectiveSite site, String propertyName, FieldType type, SoftDelete mode, boolean sortable) {
        FieldType expected = mode == SoftDelete.TIMESTAMP ? FieldType.TIMESTAMP : FieldType.BOOLEAN;
        if (type != expected) {
            throw site.fail("the soft-delete marker must be a " + expected.name().toLowerCase(Locale.ROOT) + " property");
        }
        return FieldDescriptor.builder(site.field(), type, site.javaType()).property(propertyName)
            .role(FieldRole.SOFT_DELETE_MARKER).nullable(type == FieldType.TIMESTAMP).readonly(true).filterable(true)
            .sortable(sortable).defaultValue(type == FieldType.BOOLEAN ? Boolean.FALSE : null).build();
    }

    /** The rules of the property's Jakarta Validation annotations and of a Java enum type; directives may refine them. */
    private static FieldConstraints annotatedConstraints(DirectiveSite site, FieldType type, AnnotationMetadata meta) {
        List<String> enumValues = new ArrayList<>();
        if (site.javaType().isEnum() && type == FieldType.STRING) {
            for (Object constant : site.javaType().getEnumConstants()) {
                enumValues.add(((Enum<?>) constant).name());
            }
        }
        Double min = meta.longValue(Min.class, "value").stream().mapToObj(v -> (double) v).findFirst().orElse(null);
        Double max = meta.longValue(Max.class, "value").stream().mapToObj(v -> (double) v).findFirst().orElse(null);
        Integer minSize = meta.isAnnotationPresent(Size.class) ? meta.intValue(Size.class, "min").orElse(0) : null;
        Integer maxSize = meta.isAnnotationPresent(Size.class)
            ? meta.intValue(Size.class, "max").orElse(Integer.MAX_VALUE) : null;
        java.util.regex.Pattern pattern = null;
        String regexp = meta.stringValue(Pattern.class, "regexp").orElse(null);
        if (regexp != null) {
            try {
                pattern = java.util.regex.Pattern.compile(regexp);
            } catch (PatternSyntaxException e) {
                throw site.fail("@Pattern is not a valid regular expression: " + e.getDescription());
            }
        }
        boolean notBlank = meta.hasStereotype(NotBlank.class);
        boolean required = notBlank || meta.hasStereotype(NotNull.class);
        return new FieldConstraints(required, notBlank, List.copyOf(enumValues), min, max, minSize, maxSize, pattern,
            meta.hasStereotype(Email.class));
    }

    private static FieldDescriptor syntheticMarker(SoftDelete mode, String column) {
        boolean timestamp = mode == SoftDelete.TIMESTAMP;
        return FieldDescriptor.builder(column, timestamp ? FieldType.TIMESTAMP : FieldType.BOOLEAN,
                timestamp ? Instant.class : boolean.class)
            .role(FieldRole.SOFT_DELETE_MARKER).nullable(timestamp).readonly(true).filterable(true)
            .defaultValue(timestamp ? null : Boolean.FALSE).build();
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
                if (!columns.contains(IndexDescriptor.columnName(c))) {
                    throw new FxConfigurationException("Model " + model + ": index column '" + c + "' is not a field");
                }
            }
            String indexName = index.name().isBlank()
                ? (index.unique() ? "uidx_" : "idx_") + table + "_" + String.join("_", index.columns().stream().map(IndexDescriptor::columnName).toList()) : index.name();
            named.add(new IndexDescriptor(indexName, index.columns(), index.unique()));
        }
        return named;
    }
}
