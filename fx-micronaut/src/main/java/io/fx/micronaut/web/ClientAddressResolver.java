package io.fx.micronaut.web;

import io.micronaut.core.annotation.NonNull;
import io.micronaut.http.HttpRequest;

import java.util.Optional;

/**
 * Finds the address of the client behind a request: an IP address only (never a port, so every connection of one
 * client has one address), IPv6 in its compressed form without a zone, an IPv4-mapped IPv6 address as IPv4. What
 * {@link io.fx.micronaut.pipeline.RequestContext#getClientAddress()} answers, and what rate limits and audit
 * records key on. The default believes forwarding headers only from {@code fx.client-ip.trusted-proxies}; replace
 * the bean ({@code @Replaces}) to decide otherwise.
 *
 * @since 0.7.0
 */
@FunctionalInterface
public interface ClientAddressResolver {

    /**
     * @param request a request as it arrived
     * @return the client's address; empty when the request has no peer address (a request made in process)
     */
    @NonNull
    Optional<String> resolve(@NonNull HttpRequest<?> request);
}
