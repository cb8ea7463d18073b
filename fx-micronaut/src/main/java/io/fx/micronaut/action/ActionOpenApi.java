package io.fx.micronaut.action;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.List;
import java.util.Map;

/**
 * The OpenAPI block of an action, in plain values so that no OpenAPI library is needed to declare
 * it: schemas are JSON schema objects as maps, security requirements are OpenAPI security
 * requirement objects ({@code Map.of("bearer", List.of())}). Documentation only: nothing here is
 * validated or bound at runtime.
 *
 * @param summary         a one-line summary, or null
 * @param description     a longer description, or null
 * @param requestSchema   the JSON schema of the request body, empty for none
 * @param responseSchema  the JSON schema of a successful response body, empty for none
 * @param security        security requirements; empty inherits the document's
 * @param queryParameters documented parameters
 * @since 0.2.0
 */
public record ActionOpenApi(@Nullable String summary,
                            @Nullable String description,
                            @NonNull Map<String, Object> requestSchema,
                            @NonNull Map<String, Object> responseSchema,
                            @NonNull List<Map<String, List<String>>> security,
                            @NonNull List<ActionParameter> queryParameters) {

    /** Nothing documented. */
    public static final ActionOpenApi NONE = new ActionOpenApi(null, null, Map.of(), Map.of(), List.of(), List.of());

    /** Defensive copies. */
    public ActionOpenApi {
        requestSchema = requestSchema == null ? Map.of() : Map.copyOf(requestSchema);
        responseSchema = responseSchema == null ? Map.of() : Map.copyOf(responseSchema);
        security = security == null ? List.of() : List.copyOf(security);
        queryParameters = queryParameters == null ? List.of() : List.copyOf(queryParameters);
    }

    /**
     * @param newSummary the summary
     * @return a copy with it
     */
    @NonNull
    public ActionOpenApi summary(@Nullable String newSummary) {
        return new ActionOpenApi(newSummary, description, requestSchema, responseSchema, security, queryParameters);
    }

    /**
     * @param newDescription the description
     * @return a copy with it
     */
    @NonNull
    public ActionOpenApi description(@Nullable String newDescription) {
        return new ActionOpenApi(summary, newDescription, requestSchema, responseSchema, security, queryParameters);
    }

    /**
     * @param schema the request body schema
     * @return a copy with it
     */
    @NonNull
    public ActionOpenApi requestSchema(@NonNull Map<String, Object> schema) {
        return new ActionOpenApi(summary, description, schema, responseSchema, security, queryParameters);
    }

    /**
     * @param schema the response body schema
     * @return a copy with it
     */
    @NonNull
    public ActionOpenApi responseSchema(@NonNull Map<String, Object> schema) {
        return new ActionOpenApi(summary, description, requestSchema, schema, security, queryParameters);
    }

    /**
     * @param requirements security requirement objects
     * @return a copy with them
     */
    @NonNull
    public ActionOpenApi security(@NonNull List<Map<String, List<String>>> requirements) {
        return new ActionOpenApi(summary, description, requestSchema, responseSchema, requirements, queryParameters);
    }

    /**
     * @param parameters documented parameters
     * @return a copy with them
     */
    @NonNull
    public ActionOpenApi queryParameters(@NonNull ActionParameter... parameters) {
        return new ActionOpenApi(summary, description, requestSchema, responseSchema, security, List.of(parameters));
    }
}
