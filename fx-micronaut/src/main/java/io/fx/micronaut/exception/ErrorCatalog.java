package io.fx.micronaut.exception;

import io.micronaut.core.annotation.NonNull;

import java.util.Collection;

/**
 * Publishes the error codes a module answers with, so the API document and the {@link ErrorCodeRegistry}
 * know every code the application can send. Declare one bean per module (the core declares its own); a
 * name declared twice with different statuses fails startup.
 *
 * <pre>{@code
 * @Singleton
 * final class BillingErrorCatalog implements ErrorCatalog {
 *     public Collection<ErrorCode> codes() {
 *         return List.of(BillingErrorCodes.QUOTA_EXCEEDED);
 *     }
 * }
 * }</pre>
 *
 * @since 0.7.0
 */
@FunctionalInterface
public interface ErrorCatalog {

    /** @return the codes this module answers with */
    @NonNull
    Collection<ErrorCode> codes();
}
