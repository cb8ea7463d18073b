package io.fx.micronaut.web;

import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.exception.FxException;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * Enforces the write body's {@code Content-Type} against every {@link BodyMediaType} bean. A write is
 * checked when it carries a body or declares a {@code Content-Type}: a body without one, a type that
 * does not parse, and a type no bean admits are all 415 {@code UNSUPPORTED_MEDIA_TYPE}. Plain
 * {@code application/json}, the common case, is admitted without parsing.
 */
@Internal
@Singleton
final class BodyMediaTypes {

    private final List<BodyMediaType> admitted;

    BodyMediaTypes(List<BodyMediaType> admitted) {
        this.admitted = List.copyOf(admitted);
    }

    /**
     * @param request a write
     * @param body    its body; read only when it has no {@code Content-Type} and an unknown length
     * @return the refusal for this write, or null when its body may be read
     */
    FxException refusal(HttpRequest<?> request, ServedBody body) {
        String declared = request.getHeaders().get(HttpHeaders.CONTENT_TYPE);
        if (declared == null || declared.isBlank()) {
            return body.isEmpty() ? null : ErrorCode.UNSUPPORTED_MEDIA_TYPE.exception(
                "A request body needs a Content-Type; send application/json");
        }
        if (declared.equalsIgnoreCase(MediaType.APPLICATION_JSON)) {
            return null;
        }
        return admitting(declared) == null ? unsupported() : null;
    }

    /** @return whether the request's body is of an admitted type to read in full before its pipeline runs */
    boolean buffered(HttpRequest<?> request) {
        String declared = request.getHeaders().get(HttpHeaders.CONTENT_TYPE);
        if (declared == null || declared.isBlank()) {
            return false;
        }
        if (declared.equalsIgnoreCase(MediaType.APPLICATION_JSON)) {
            return true;
        }
        BodyMediaType admitting = admitting(declared);
        return admitting != null && admitting.buffered(MediaType.of(declared));
    }

    /** @return the first bean admitting the type, or null when none does or it does not parse */
    private BodyMediaType admitting(String declared) {
        MediaType type;
        try {
            type = MediaType.of(declared);
        } catch (RuntimeException e) {
            return null;
        }
        for (BodyMediaType candidate : admitted) {
            if (candidate.admits(type)) {
                return candidate;
            }
        }
        return null;
    }

    private static FxException unsupported() {
        return ErrorCode.UNSUPPORTED_MEDIA_TYPE.exception("The Content-Type is not accepted; send application/json");
    }
}
