package io.fx.micronaut.web;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.model.ModelRegistry;
import io.fx.micronaut.pipeline.ErrorEnvelope;
import io.fx.micronaut.pipeline.FxResponse;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.NotAllowedException;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import io.micronaut.http.server.exceptions.response.HtmlErrorResponseBodyProvider;
import io.micronaut.http.server.exceptions.response.JsonErrorResponseBodyProvider;
import jakarta.inject.Singleton;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Renders every error Micronaut or Netty produces before the framework's controllers run (unknown
 * routes, 405, 406, malformed URIs, decoder failures) as the framework's envelope with
 * {@code X-Request-Id}, for paths under {@code fx.path-prefix} and for requests the decoder refused
 * (whose path cannot be trusted). Other paths keep Micronaut's own rendering, which this bean replaces
 * (Micronaut's default processor steps aside when another {@link ErrorResponseProcessor} exists).
 *
 * <p>A 405 on a path whose collection is not a registered model is 404 {@code NOT_FOUND}, as the
 * generated routes answer; {@code Allow} never lists PUT, which the generated routes only refuse.
 */
@Internal
@Singleton
final class EnvelopeErrorResponseProcessor implements ErrorResponseProcessor<Object> {

    private static final Set<String> COLLECTION_METHODS = Set.of("GET", "HEAD", "POST", "PUT", "OPTIONS");
    private static final Set<String> RECORD_METHODS = Set.of("GET", "HEAD", "PATCH", "DELETE", "PUT", "OPTIONS");

    private final ApiPaths paths;
    private final ModelRegistry registry;
    private final ResponseWriter writer;
    private final DecoderFailure decoderFailure;
    private final JsonErrorResponseBodyProvider<?> jsonBodies;
    private final HtmlErrorResponseBodyProvider htmlBodies;

    EnvelopeErrorResponseProcessor(ApiPaths paths, ModelRegistry registry, ResponseWriter writer,
                                   DecoderFailure decoderFailure, JsonErrorResponseBodyProvider<?> jsonBodies,
                                   HtmlErrorResponseBodyProvider htmlBodies) {
        this.paths = paths;
        this.registry = registry;
        this.writer = writer;
        this.decoderFailure = decoderFailure;
        this.jsonBodies = jsonBodies;
        this.htmlBodies = htmlBodies;
    }

    @Override
    @NonNull
    public MutableHttpResponse<Object> processResponse(@NonNull ErrorContext context, @NonNull MutableHttpResponse<?> response) {
        HttpRequest<?> request = context.getRequest();
        Optional<ErrorCode> refused = decoderFailure.of(request);
        FxResponse envelope;
        if (refused.isPresent()) {
            envelope = envelope(refused.get().status(), refused.get(), Map.of());
        } else if (paths.covers(request.getPath()) || paths.covers(decoderFailure.rawPath(request))) {
            envelope = forStatus(context, request, response.code());
        } else {
            return micronautDefault(context, response);
        }
        response.getHeaders().remove(HttpHeaders.ALLOW);
        return cast(writer.fill(response, envelope, request.getMethod(), RequestIds.of(request)));
    }

    private FxResponse forStatus(ErrorContext context, HttpRequest<?> request, int status) {
        if (status == 405) {
            return notAllowed(context, request);
        }
        return envelope(status, StatusErrors.code(status), Map.of());
    }

    /** 405 with PUT taken out of {@code Allow}, or 404 when only the generated routes matched an unknown collection. */
    private FxResponse notAllowed(ErrorContext context, HttpRequest<?> request) {
        Set<String> allowed = new LinkedHashSet<>(context.getRootCause()
            .filter(NotAllowedException.class::isInstance).map(e -> ((NotAllowedException) e).getAllowedMethods())
            .orElse(Set.of()));
        String[] segments = paths.segments(request.getPath());
        if (segments.length >= 1 && segments.length <= 2 && registry.findByCollection(segments[0]).isEmpty()) {
            allowed.removeAll(segments.length == 1 ? COLLECTION_METHODS : RECORD_METHODS);
            if (allowed.isEmpty()) {
                return envelope(404, ErrorCode.NOT_FOUND, Map.of());
            }
        }
        allowed.remove(HttpMethod.PUT.name());
        if (allowed.contains(HttpMethod.GET.name())) {
            allowed.add(HttpMethod.HEAD.name());
        }
        return envelope(405, ErrorCode.METHOD_NOT_ALLOWED, Map.of(HttpHeaders.ALLOW, String.join(", ", allowed)));
    }

    private static FxResponse envelope(int status, ErrorCode code, Map<String, String> headers) {
        String name = code != null ? code.name() : StatusErrors.codeName(status);
        return new FxResponse(status, ErrorEnvelope.of(name, StatusErrors.message(code, status), null), headers);
    }

    /** Micronaut's own rendering for paths outside the prefix: HTML for browsers, its JSON otherwise. */
    private MutableHttpResponse<Object> micronautDefault(ErrorContext context, MutableHttpResponse<?> response) {
        HttpRequest<?> request = context.getRequest();
        if (request.getMethod() == HttpMethod.HEAD) {
            return cast(response);
        }
        boolean html = response.code() >= 400
            && request.accept().stream().anyMatch(t -> t.equals(MediaType.TEXT_HTML_TYPE))
            && request.accept().stream().noneMatch(t -> t.matchesExtension(MediaType.EXTENSION_JSON));
        if (html) {
            return cast(response.body(htmlBodies.body(context, response)).contentType(htmlBodies.contentType()));
        }
        return cast(response.body(jsonBodies.body(context, response)).contentType(jsonBodies.contentType()));
    }

    @SuppressWarnings("unchecked")
    private static MutableHttpResponse<Object> cast(MutableHttpResponse<?> response) {
        return (MutableHttpResponse<Object>) response;
    }
}
