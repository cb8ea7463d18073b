package io.fx.micronaut.openapi.internal;


import io.fx.micronaut.openapi.internal.RequiresOpenApi;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;

/**
 * Serves {@code {prefix}/openapi.json}: the document, built on the first call, as the same bytes on every call.
 */
@Internal
@RequiresOpenApi
@Controller("${fx.path-prefix:/api}")
class OpenApiController {

    private final DefaultOpenApiDocument document;

    OpenApiController(DefaultOpenApiDocument document) {
        this.document = document;
    }

    @Get(value = "/openapi.json", produces = MediaType.APPLICATION_JSON)
    HttpResponse<byte[]> openApi() {
        return HttpResponse.ok(document.json()).contentType(MediaType.APPLICATION_JSON_TYPE);
    }
}
