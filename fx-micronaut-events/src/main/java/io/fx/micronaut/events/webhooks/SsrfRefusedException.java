package io.fx.micronaut.events.webhooks;

import java.net.UnknownHostException;

/**
 * A webhook's host resolved to no address it may connect to: thrown by {@link GuardedDnsResolver} before any
 * connection, an {@link UnknownHostException} because that is what a resolver may throw.
 */
final class SsrfRefusedException extends UnknownHostException {

    /** The reason's code in logs and in the outbox. */
    static final String CODE = "ssrf_refused";

    /** @param message what was refused: the host and the ranges of its addresses */
    SsrfRefusedException(String message) {
        super(message);
    }
}
