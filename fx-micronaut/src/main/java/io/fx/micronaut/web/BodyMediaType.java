package io.fx.micronaut.web;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.MediaType;

/**
 * Admits a {@code Content-Type} for write bodies: create, update, custom actions and sub-resources sent
 * with a body. The core registers one bean admitting JSON ({@code application/json} and
 * {@code application/*+json}, any parameters such as {@code charset}); a module that reads other bodies adds
 * its own bean, for example a file-field module admitting {@code multipart/form-data}, whose bodies its
 * middleware or action then streams ({@code context.payload().getRequestBody().stream()}):
 *
 * <pre>{@code
 * @Singleton
 * class MultipartBodyMediaType implements BodyMediaType {
 *     public boolean admits(MediaType type) {
 *         return type.matches(MediaType.MULTIPART_FORM_DATA_TYPE);
 *     }
 * }
 * }</pre>
 *
 * A write whose {@code Content-Type} no bean admits, or that carries a body without a
 * {@code Content-Type}, is 415 {@code UNSUPPORTED_MEDIA_TYPE}, so a cross-site HTML form or a
 * {@code text/plain} fetch can never write.
 *
 * @since 0.3.0
 */
@FunctionalInterface
public interface BodyMediaType {

    /**
     * @param type the request's parsed {@code Content-Type}
     * @return whether a write body of this type is accepted
     */
    boolean admits(@NonNull MediaType type);

    /**
     * Whether a body of this type is read in full before the pipeline starts, as JSON bodies are (no thread
     * then waits for a slow client), rather than left unread for the route to stream. Asked of the first
     * bean that admits the type.
     *
     * @param type an admitted type
     * @return false by default: the route streams the body or reads it when it asks for it
     * @since 0.7.0
     */
    default boolean buffered(@NonNull MediaType type) {
        return false;
    }
}
