package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.ErrorCodeRegistry;
import io.micronaut.core.annotation.NonNull;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import jakarta.inject.Singleton;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The components every generated operation refers to: the error envelope (generic and per error
 * response, with the codes each can carry), the list {@code meta}, the request id header and
 * parameter, the {@code page} parameter and the probe answer. The generic envelope names every code the
 * {@link ErrorCodeRegistry} holds (the core's and each module's) in its {@code x-fx-error-codes} extension,
 * code to status.
 */
@Singleton
@RequiresOpenApi
final class SharedComponentsContributor implements OpenApiContributor {

    /** The JSON media type of every envelope. */
    static final String JSON = "application/json";
    /** The extension of the generic envelope that lists every declared code with its status. */
    static final String ERROR_CODES_EXTENSION = "x-fx-error-codes";

    private final ErrorCodeRegistry errorCodes;

    SharedComponentsContributor(ErrorCodeRegistry errorCodes) {
        this.errorCodes = errorCodes;
    }

    @Override
    public int getOrder() {
        return SHARED_COMPONENTS;
    }

    @Override
    public void contribute(@NonNull OpenApiBuildContext context) {
        Components components = context.getComponents();
        components.addSchemas(OpenApiNames.ERROR, declaredCodes(errorEnvelope(List.of(), null)));
        components.addSchemas(OpenApiNames.LIST_META, listMeta());
        Map<String, Schema> violation = new LinkedHashMap<>();
        violation.put("field", Schemas.typed("string"));
        violation.put("rule", Schemas.typed("string"));
        violation.put("message", Schemas.typed("string"));
        components.addSchemas(OpenApiNames.VALIDATION_VIOLATION, Schemas.object(violation, List.of("field", "rule", "message")));
        Map<String, Schema> conflict = new LinkedHashMap<>();
        conflict.put("table", Schemas.typed("string"));
        conflict.put("column", Schemas.typed("string", Schemas.NULL));
        conflict.put("detail", Schemas.typed("string"));
        components.addSchemas(OpenApiNames.CONFLICT_DETAILS, Schemas.object(conflict, List.of("table", "column", "detail")));
        Map<String, Schema> probe = new LinkedHashMap<>();
        probe.put("status", Schemas.stringEnum(List.of("ok", "unavailable", "starting", "stopping")));
        Schema<Object> checks = Schemas.typed("object");
        checks.setAdditionalProperties(Schemas.stringEnum(List.of("ok", "fail")));
        checks.setDescription("Per-check results, only with fx.probes.publish-readiness-checks");
        probe.put("checks", checks);
        Schema<?> failed = Schemas.array(Schemas.typed("string"));
        failed.setDescription("The names of the failing readiness checks (the database's is db), when status is unavailable");
        probe.put("failed", failed);
        components.addSchemas(OpenApiNames.PROBE_STATUS, Schemas.object(probe, List.of("status")));
        components.addHeaders(OpenApiNames.REQUEST_ID, new Header()
            .description("The request id: the one sent in X-Request-Id, or a generated one")
            .schema(Schemas.typed("string")));
        components.addParameters(OpenApiNames.REQUEST_ID, new Parameter().in("header").name(OpenApiNames.REQUEST_ID)
            .description("A request id to correlate logs with; generated when absent, always echoed")
            .schema(Schemas.typed("string")));
        Schema<Object> page = Schemas.typed("integer");
        page.setFormat("int32");
        page.setMinimum(BigDecimal.ONE);
        page.setDefault(1);
        components.addParameters(OpenApiNames.PAGE, new Parameter().in("query").name("page")
            .description("The page number, from 1; not with cursor").schema(page));
        components.addParameters(OpenApiNames.CURSOR, new Parameter().in("query").name("cursor")
            .description("Continues a list after the last row of an earlier page: the meta.next_cursor of that "
                + "answer, with the same filter and sort (limit and total may change). Keyset paging: each matching "
                + "record once while rows are written, at the speed of the first page. Not with page; a cursor that "
                + "is malformed, forged, signed by another server key or made for another list is 400 INVALID_CURSOR")
            .schema(Schemas.typed("string")));
        for (ErrorResponse error : ErrorResponse.values()) {
            components.addResponses(error.component(), errorResponse(error));
        }
    }

    /** Names every declared code on the generic envelope: in the extension, and in the description of its code. */
    private Schema<Object> declaredCodes(Schema<Object> envelope) {
        Map<String, Object> statuses = new LinkedHashMap<>();
        for (ErrorCode code : errorCodes.all()) {
            statuses.put(code.name(), code.status());
        }
        envelope.addExtension(ERROR_CODES_EXTENSION, statuses);
        Schema<?> code = ((Schema<?>) envelope.getProperties().get("error")).getProperties().get("code");
        code.setDescription("A machine-readable code: one of " + String.join(", ", statuses.keySet())
            + ", or a code of the application's own middleware");
        return envelope;
    }

    private static ApiResponse errorResponse(ErrorResponse error) {
        List<String> codes = error.codes().stream().map(ErrorCode::name).toList();
        Schema<?> schema = error == ErrorResponse.MIDDLEWARE ? Schemas.ref(OpenApiNames.ERROR)
            : errorEnvelope(codes, error.detailsSchema());
        String description = codes.isEmpty() ? error.description()
            : error.description() + ": " + String.join(", ", codes);
        ApiResponse response = new ApiResponse().description(description)
            .addHeaderObject(OpenApiNames.REQUEST_ID, new Header().$ref(OpenApiNames.headerRef(OpenApiNames.REQUEST_ID)))
            .content(new Content().addMediaType(JSON, new MediaType().schema(schema)));
        if (error == ErrorResponse.UNAVAILABLE) {
            response.addHeaderObject("Retry-After", new Header().description("Seconds to wait before retrying")
                .schema(Schemas.typed("integer")));
        }
        return response;
    }

    /**
     * @param codes   the allowed codes, empty for any string
     * @param details the details schema name, or null for any value (and optional)
     * @return {@code {"error":{"code","message","details"?}}}
     */
    private static Schema<Object> errorEnvelope(List<String> codes, String details) {
        Map<String, Schema> error = new LinkedHashMap<>();
        error.put("code", codes.isEmpty() ? Schemas.typed("string") : Schemas.stringEnum(codes));
        error.put("message", Schemas.typed("string"));
        if (details == null) {
            Schema<Object> any = new io.swagger.v3.oas.models.media.JsonSchema();
            any.setDescription("Structured details, when the error has any");
            error.put("details", any);
        } else if (details.equals(OpenApiNames.VALIDATION_VIOLATION)) {
            error.put("details", Schemas.array(Schemas.ref(details)));
        } else {
            error.put("details", Schemas.ref(details));
        }
        List<String> required = details == null ? List.of("code", "message") : List.of("code", "message", "details");
        return Schemas.object(Map.of("error", Schemas.object(error, required)), List.of("error"));
    }

    private static Schema<Object> listMeta() {
        Map<String, Schema> meta = new LinkedHashMap<>();
        meta.put("total", integer("Rows matching the filters, all pages; absent under total=none", 0));
        Schema<Object> estimated = Schemas.typed("boolean");
        estimated.setDescription("Present and true when total is the database's estimate (total=estimated)");
        meta.put("total_estimated", estimated);
        meta.put("page", integer("This page, from 1; absent when the page was reached by cursor", 1));
        meta.put("limit", integer("The page size in force (clamped to the maximum)", 1));
        meta.put("pages", integer("Number of pages; absent under total=none", 0));
        Schema<Object> hasMore = Schemas.typed("boolean");
        hasMore.setDescription("Whether a next page exists (read past this page, never derived from a count)");
        meta.put("has_more", hasMore);
        Schema<Object> next = Schemas.typed("string");
        next.setDescription("The cursor parameter that continues after this page's last row; absent on the last page");
        meta.put("next_cursor", next);
        return Schemas.object(meta, List.of("limit", "has_more"));
    }

    private static Schema<Object> integer(String description, long minimum) {
        Schema<Object> schema = Schemas.typed("integer");
        schema.setMinimum(BigDecimal.valueOf(minimum));
        schema.setDescription(description);
        return schema;
    }
}
