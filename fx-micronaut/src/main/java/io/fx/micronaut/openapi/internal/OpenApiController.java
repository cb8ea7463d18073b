package io.fx.micronaut.openapi.internal;

import io.fx.micronaut.web.AuthStepGate;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.scheduling.annotation.ExecuteOn;

/**
 * Serves {@code {prefix}/openapi.json}: the document, built on the first call, as the same bytes on every call,
 * to the callers {@code fx.openapi.access} admits ({@link DocumentAccess}).
 */
@Internal
@RequiresOpenApi
@Controller("${fx.path-prefix:/api}")
class OpenApiController {

    private final DefaultOpenApiDocument document;
    private final DocumentAccess access;

    OpenApiController(DefaultOpenApiDocument document, DocumentAccess access) {
        this.document = document;
        this.access = access;
    }

    @Get(value = "/openapi.json", produces = MediaType.APPLICATION_JSON)
    @ExecuteOn(AuthStepGate.EXECUTOR)
    HttpResponse<?> openApi(HttpRequest<?> request) {
        return access.serve(request, "/openapi.json",
            () -> HttpResponse.ok(document.json()).contentType(MediaType.APPLICATION_JSON_TYPE));
    }
}
