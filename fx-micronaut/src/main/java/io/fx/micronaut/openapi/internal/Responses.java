package io.fx.micronaut.openapi.internal;

import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.Nullable;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;

import java.util.List;

/**
 * Builds the {@code responses} of an operation: its success answer plus references to the shared
 * error responses; for HEAD the same statuses without bodies.
 */
@Internal
public final class Responses {

    private Responses() {
    }

    /**
     * @param status      the success status
     * @param description what it means
     * @param schemaName  the body schema component, or null for no body
     * @return a success response carrying the request id header
     */
    public static ApiResponse success(int status, String description, @Nullable String schemaName) {
        ApiResponse response = new ApiResponse().description(description)
            .addHeaderObject(OpenApiNames.REQUEST_ID, requestIdHeader());
        if (schemaName != null) {
            response.content(new Content().addMediaType(SharedComponentsContributor.JSON,
                new MediaType().schema(Schemas.ref(schemaName))));
        }
        return response;
    }

    /**
     * @param successStatus the success status
     * @param success       the success response
     * @param errors        the error answers the operation can give
     * @return the responses, with the middleware {@code default}
     */
    public static ApiResponses of(String successStatus, ApiResponse success, List<ErrorResponse> errors) {
        ApiResponses responses = new ApiResponses().addApiResponse(successStatus, success);
        for (ErrorResponse error : errors) {
            responses.addApiResponse(error.status(), new ApiResponse().$ref(OpenApiNames.responseRef(error.component())));
        }
        responses.addApiResponse(ErrorResponse.MIDDLEWARE.status(),
            new ApiResponse().$ref(OpenApiNames.responseRef(ErrorResponse.MIDDLEWARE.component())));
        return responses;
    }

    /**
     * @param success the GET's success response
     * @param errors  the GET's error answers
     * @return the same statuses and headers without bodies, for HEAD
     */
    public static ApiResponses head(ApiResponse success, List<ErrorResponse> errors) {
        ApiResponses responses = new ApiResponses().addApiResponse("200", new ApiResponse()
            .description(success.getDescription() + " (headers only)").addHeaderObject(OpenApiNames.REQUEST_ID,
                requestIdHeader()));
        for (ErrorResponse error : errors) {
            responses.addApiResponse(error.status(), new ApiResponse().description(error.description() + " (no body)")
                .addHeaderObject(OpenApiNames.REQUEST_ID, requestIdHeader()));
        }
        responses.addApiResponse(ErrorResponse.MIDDLEWARE.status(), new ApiResponse()
            .description(ErrorResponse.MIDDLEWARE.description() + " (no body)"));
        return responses;
    }

    /** @return a reference to the request id header */
    public static Header requestIdHeader() {
        return new Header().$ref(OpenApiNames.headerRef(OpenApiNames.REQUEST_ID));
    }

    /**
     * @param description what the header carries
     * @return a string header
     */
    public static Header header(String description) {
        return new Header().description(description).schema(Schemas.typed("string"));
    }
}
