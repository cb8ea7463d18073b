package io.fx.micronaut.model.internal;

import io.fx.micronaut.annotation.FxIndex;
import io.fx.micronaut.config.TotalMode;
import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.annotation.FxQueryLimits;
import io.fx.micronaut.annotation.SoftDelete;
import io.fx.micronaut.model.IndexDescriptor;
import io.fx.micronaut.model.ModelOptions;
import io.fx.micronaut.model.Versioning;
import io.micronaut.context.BeanLocator;
import io.micronaut.core.annotation.AnnotationValue;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.beans.BeanIntrospection;

import java.util.List;

/**
 * Reads {@link FxModel} off a model's introspection into {@link ModelOptions}.
 */
@Internal
final class AnnotatedModelOptions {

    private AnnotatedModelOptions() {
    }

    static ModelOptions read(BeanIntrospection<?> introspection, BeanLocator beans) {
        ModelOptions options = ModelOptions.defaults();
        AnnotationValue<FxModel> model = introspection.getAnnotation(FxModel.class);
        Versioning tagged = ModelDirectives.versioning(introspection);
        if (model == null) {
            return options.versioning(tagged);
        }
        options = options.versioning(versioning(introspection.getBeanType().getSimpleName(), model, tagged));
        String table = model.stringValue("table").orElse("");
        if (!table.isBlank()) {
            options = options.table(table);
        }
        SoftDelete softDelete = model.enumValue("softDelete", SoftDelete.class).orElse(SoftDelete.NONE);
        String marker = model.stringValue("softDeleteField").orElse("");
        options = marker.isBlank() ? options.softDelete(softDelete) : options.softDelete(softDelete, marker);
        options = options.timestamps(model.stringValue("timestamps").orElse(""))
            .headless(model.booleanValue("headless").orElse(false));
        TotalMode[] total = model.enumValues("total", TotalMode.class);
        if (total.length > 1) {
            throw new FxConfigurationException("Model " + introspection.getBeanType().getSimpleName()
                + ": @FxModel(total = ...) names at most one mode, got " + total.length);
        }
        if (total.length == 1) {
            options = options.total(total[0]);
        }
        for (AnnotationValue<FxIndex> index : model.getAnnotations("indices", FxIndex.class)) {
            options = options.index(new IndexDescriptor(index.stringValue("name").orElse(""),
                List.of(index.stringValues("columns")), index.booleanValue("unique").orElse(false)));
        }
        AnnotationValue<FxQueryLimits> limits = model.getAnnotation("limits", FxQueryLimits.class).orElse(null);
        if (limits != null) {
            options = options.limits(new io.fx.micronaut.config.QueryLimits(-1,
                limits.intValue("maxFilterClauses").orElse(-1), limits.intValue("maxOrGroups").orElse(-1),
                limits.intValue("maxGroupClauses").orElse(-1), limits.intValue("maxSortFields").orElse(-1),
                limits.intValue("maxIncludes").orElse(-1), limits.intValue("maxInValues").orElse(-1),
                limits.intValue("maxPageSize").orElse(-1), -1, limits.intValue("maxLikeWildcards").orElse(-1),
                limits.intValue("maxLikeLength").orElse(-1), limits.intValue("maxIncludedPerParent").orElse(-1),
                limits.intValue("maxIncludedRows").orElse(-1)));
        }
        return options;
    }

    /** {@code @FxModel(versioned...)} and {@code @Fx("versioned...")} on the class combine. */
    private static Versioning versioning(String name, AnnotationValue<FxModel> model, Versioning tagged) {
        boolean versioned = model.booleanValue("versioned").orElse(false);
        boolean diffOnly = model.booleanValue("versionedDiffOnly").orElse(false);
        boolean required = model.booleanValue("versionedRequired").orElse(false);
        if (!versioned && tagged == null && (diffOnly || required)) {
            throw new FxConfigurationException("Model " + name + ": @FxModel(" + (diffOnly ? "versionedDiffOnly" : "versionedRequired")
                + " = true) needs versioned = true (or @Fx(\"versioned\") on the class)");
        }
        if (!versioned && tagged == null) {
            return null;
        }
        return new Versioning(diffOnly || (tagged != null && tagged.diffOnly()), required);
    }
}
