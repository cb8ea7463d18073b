package io.fx.micronaut.model;

import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.config.QueryLimits;
import io.fx.micronaut.config.TotalMode;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The configuration of one model for programmatic registration: the counterpart of
 * {@link io.fx.micronaut.annotation.FxModel}. Immutable; each {@code with}-style method returns a copy.
 * In a {@link ModelRegistration#register(Object...)} call an options value applies to the model
 * registered just before it.
 *
 * @param table           the table name, or null to derive it
 * @param softDelete      the soft-delete mode
 * @param softDeleteField the marker column, or null for the mode's default
 * @param timestamps      directives for {@code created_at}/{@code updated_at}, for example {@code "filterable, sortable"}
 * @param indices         secondary indices
 * @param limits          query limits; negative members inherit the server's
 * @param headless        whether the model has no generated routes (migrated, reachable through accessors)
 * @param total           how the model's lists count by default, or null for the server's ({@code fx.list.total})
 *                        (since 0.4.0)
 * @param versioning      the model's change history, or null when it keeps none (since 0.8.0)
 * @param directives      per-property {@code @Fx} overrides: property name (Java name) to the directive text that
 *                        replaces the property's {@code @Fx} value (since 0.10.0)
 * @since 0.1.0
 */
public record ModelOptions(@Nullable String table,
                           @NonNull SoftDelete softDelete,
                           @Nullable String softDeleteField,
                           @NonNull String timestamps,
                           @NonNull List<IndexDescriptor> indices,
                           @NonNull QueryLimits limits,
                           boolean headless,
                           @Nullable TotalMode total,
                           @Nullable Versioning versioning,
                           @NonNull Map<String, String> directives) {

    /** Limits that inherit every server-wide value. */
    public static final QueryLimits INHERIT_LIMITS = new QueryLimits(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);

    /** Defensive copies. */
    public ModelOptions {
        indices = List.copyOf(indices);
        directives = Map.copyOf(directives);
    }

    /**
     * Options without directive overrides.
     *
     * @param table           the table name, or null to derive it
     * @param softDelete      the soft-delete mode
     * @param softDeleteField the marker column, or null for the mode's default
     * @param timestamps      directives for {@code created_at}/{@code updated_at}
     * @param indices         secondary indices
     * @param limits          query limits; negative members inherit the server's
     * @param headless        whether the model has no generated routes
     * @param total           how the model's lists count by default, or null for the server's
     * @param versioning      the model's change history, or null when it keeps none
     * @since 0.8.0
     */
    public ModelOptions(@Nullable String table, @NonNull SoftDelete softDelete, @Nullable String softDeleteField,
                        @NonNull String timestamps, @NonNull List<IndexDescriptor> indices, @NonNull QueryLimits limits,
                        boolean headless, @Nullable TotalMode total, @Nullable Versioning versioning) {
        this(table, softDelete, softDeleteField, timestamps, indices, limits, headless, total, versioning, Map.of());
    }

    /**
     * Options without change history.
     *
     * @param table           the table name, or null to derive it
     * @param softDelete      the soft-delete mode
     * @param softDeleteField the marker column, or null for the mode's default
     * @param timestamps      directives for {@code created_at}/{@code updated_at}
     * @param indices         secondary indices
     * @param limits          query limits; negative members inherit the server's
     * @param headless        whether the model has no generated routes
     * @param total           how the model's lists count by default, or null for the server's
     */
    public ModelOptions(@Nullable String table, @NonNull SoftDelete softDelete, @Nullable String softDeleteField,
                        @NonNull String timestamps, @NonNull List<IndexDescriptor> indices, @NonNull QueryLimits limits,
                        boolean headless, @Nullable TotalMode total) {
        this(table, softDelete, softDeleteField, timestamps, indices, limits, headless, total, null);
    }

    /**
     * Options whose lists count the server's way.
     *
     * @param table           the table name, or null to derive it
     * @param softDelete      the soft-delete mode
     * @param softDeleteField the marker column, or null for the mode's default
     * @param timestamps      directives for {@code created_at}/{@code updated_at}
     * @param indices         secondary indices
     * @param limits          query limits; negative members inherit the server's
     * @param headless        whether the model has no generated routes
     */
    public ModelOptions(@Nullable String table, @NonNull SoftDelete softDelete, @Nullable String softDeleteField,
                        @NonNull String timestamps, @NonNull List<IndexDescriptor> indices, @NonNull QueryLimits limits,
                        boolean headless) {
        this(table, softDelete, softDeleteField, timestamps, indices, limits, headless, null, null);
    }

    /**
     * @param mode how the model's lists count when the request does not say ({@code total}); null for the server's
     * @return a copy with that default
     * @since 0.4.0
     */
    @NonNull
    public ModelOptions total(@Nullable TotalMode mode) {
        return new ModelOptions(table, softDelete, softDeleteField, timestamps, indices, limits, headless, mode, versioning, directives);
    }

    /**
     * @param value whether the model has no generated routes (migrated and reachable through accessors only)
     * @return a copy with that setting
     * @since 0.3.0
     */
    @NonNull
    public ModelOptions headless(boolean value) {
        return new ModelOptions(table, softDelete, softDeleteField, timestamps, indices, limits, value, total, versioning, directives);
    }

    /** @return options with every default */
    @NonNull
    public static ModelOptions defaults() {
        return new ModelOptions(null, SoftDelete.NONE, null, "", List.of(), INHERIT_LIMITS, false, null, null, Map.of());
    }

    /**
     * @param name the table name
     * @return a copy with that table name
     */
    @NonNull
    public ModelOptions table(@NonNull String name) {
        return new ModelOptions(name, softDelete, softDeleteField, timestamps, indices, limits, headless, total, versioning, directives);
    }

    /**
     * @param mode the soft-delete mode
     * @return a copy with that mode and its default marker column
     */
    @NonNull
    public ModelOptions softDelete(@NonNull SoftDelete mode) {
        return new ModelOptions(table, mode, softDeleteField, timestamps, indices, limits, headless, total, versioning, directives);
    }

    /**
     * @param mode   the soft-delete mode
     * @param column the marker column
     * @return a copy with that mode and marker column
     */
    @NonNull
    public ModelOptions softDelete(@NonNull SoftDelete mode, @NonNull String column) {
        return new ModelOptions(table, mode, column, timestamps, indices, limits, headless, total, versioning, directives);
    }

    /**
     * @param directives directives for the base-model timestamps, for example {@code "filterable, sortable"}
     * @return a copy with them
     */
    @NonNull
    public ModelOptions timestamps(@NonNull String directives) {
        return new ModelOptions(table, softDelete, softDeleteField, directives, indices, limits, headless, total, versioning,
            this.directives);
    }

    /**
     * @param index an index to add
     * @return a copy with it
     */
    @NonNull
    public ModelOptions index(@NonNull IndexDescriptor index) {
        List<IndexDescriptor> more = new ArrayList<>(indices);
        more.add(index);
        return new ModelOptions(table, softDelete, softDeleteField, timestamps, more, limits, headless, total, versioning, directives);
    }

    /**
     * @param newLimits limits; negative members inherit the server's
     * @return a copy with them
     */
    @NonNull
    public ModelOptions limits(@NonNull QueryLimits newLimits) {
        return new ModelOptions(table, softDelete, softDeleteField, timestamps, indices, newLimits, headless, total, versioning, directives);
    }

    /**
     * @param value the model's change history, or null for none
     * @return a copy with that setting
     * @since 0.8.0
     */
    @NonNull
    public ModelOptions versioning(@Nullable Versioning value) {
        return new ModelOptions(table, softDelete, softDeleteField, timestamps, indices, limits, headless, total, value, directives);
    }

    /**
     * Replaces the {@code @Fx} directives of one property, for this registration only: an application can, for
     * example, make a field {@code encrypted} when a key is configured without changing the model class. The text
     * is read exactly as an {@code @Fx} value would be (unknown directives warned about or refused the same way).
     * Works for {@link io.fx.micronaut.annotation.FxModel} classes too: register the class again with
     * {@link ModelRegistration#optionsOf(Class)} plus the override.
     *
     * @param property   the Java property name, as declared ({@code email}, {@code tenantId})
     * @param directives the directive text that replaces the property's {@code @Fx} value
     * @return a copy with the override
     * @since 0.10.0
     */
    @NonNull
    public ModelOptions directives(@NonNull String property, @NonNull String directives) {
        Map<String, String> more = new LinkedHashMap<>(this.directives);
        more.put(property, directives);
        return new ModelOptions(table, softDelete, softDeleteField, timestamps, indices, limits, headless, total,
            versioning, more);
    }
}
