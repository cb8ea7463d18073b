package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.model.ModelDescriptor;
import io.micronaut.core.annotation.Internal;

/**
 * The component names of the document, in one place so every contributor refers to the same ones.
 * Shared components carry the {@code Fx} prefix so they never collide with a model's schemas.
 */
@Internal
public final class OpenApiNames {

    /** The generic error envelope schema. */
    public static final String ERROR = "FxError";
    /** The list {@code meta} schema. */
    public static final String LIST_META = "FxListMeta";
    /** One {@code VALIDATION_ERROR} detail. */
    public static final String VALIDATION_VIOLATION = "FxValidationViolation";
    /** The {@code CONFLICT} details. */
    public static final String CONFLICT_DETAILS = "FxConflictDetails";
    /** A probe answer. */
    public static final String PROBE_STATUS = "FxProbeStatus";
    /** The request id header (response) and parameter (request). */
    public static final String REQUEST_ID = "X-Request-Id";
    /** The {@code page} parameter. */
    public static final String PAGE = "FxPage";
    /** The {@code cursor} parameter. */
    public static final String CURSOR = "FxCursor";

    private OpenApiNames() {
    }

    /**
     * @param name a component schema name
     * @return its reference
     */
    public static String schemaRef(String name) {
        return "#/components/schemas/" + name;
    }

    /**
     * @param name a component response name
     * @return its reference
     */
    public static String responseRef(String name) {
        return "#/components/responses/" + name;
    }

    /**
     * @param name a component parameter name
     * @return its reference
     */
    public static String parameterRef(String name) {
        return "#/components/parameters/" + name;
    }

    /**
     * @param name a component header name
     * @return its reference
     */
    public static String headerRef(String name) {
        return "#/components/headers/" + name;
    }

    /** @return the schema of a record as responses carry it */
    public static String record(ModelDescriptor model) {
        return model.getName();
    }

    /** @return the create request body schema */
    public static String create(ModelDescriptor model) {
        return model.getName() + "Create";
    }

    /** @return the update request body schema */
    public static String update(ModelDescriptor model) {
        return model.getName() + "Update";
    }

    /** @return the {@code {data: record}} envelope schema */
    public static String data(ModelDescriptor model) {
        return model.getName() + "Data";
    }

    /** @return the {@code {data: [record], meta}} envelope schema */
    public static String list(ModelDescriptor model) {
        return model.getName() + "List";
    }

    /** @return the schema of one {@code filter} clause */
    public static String filterClause(ModelDescriptor model) {
        return model.getName() + "FilterClause";
    }

    /** @return the schema of one {@code sort} key */
    public static String sortKey(ModelDescriptor model) {
        return model.getName() + "SortKey";
    }

    /** @return the schema of one {@code include} key */
    public static String includeKey(ModelDescriptor model) {
        return model.getName() + "IncludeKey";
    }

    /** @return the {@code limit} parameter component of a model (its page sizes may differ) */
    public static String limit(ModelDescriptor model) {
        return model.getName() + "Limit";
    }
}
