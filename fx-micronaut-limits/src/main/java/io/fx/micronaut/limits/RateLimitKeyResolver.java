package io.fx.micronaut.limits;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.Objects;

/**
 * Whose requests count together: the key of a rate limit bucket, and the caller scope of an idempotency entry
 * (the spec's {@code KeyFunc}). A null or empty key leaves the request out of the limit. The shipped resolvers, also
 * named in configuration ({@link #parse}):
 * <ul>
 *   <li>{@code principal-or-ip} (the default): {@code user:<tenant>:<userId>} for an authenticated caller,
 *       {@code ip:<client address>} for an anonymous one</li>
 *   <li>{@code ip}: {@code ip:<client address>}, the address {@code RequestContext.getClientAddress()} gives
 *       (proxies count only when trusted: {@code fx.client-ip.trusted-proxies})</li>
 *   <li>{@code principal}: {@code user:<tenant>:<userId>}; anonymous requests are not limited</li>
 *   <li>{@code body-field:<name>}: {@code field:<name>:<value>} of the parsed JSON body (an e-mail address on a
 *       sign-up route); a body without the field is not limited. Needs a registration after the Deserialize
 *       step.</li>
 * </ul>
 *
 * @since 0.7.0
 */
@FunctionalInterface
public interface RateLimitKeyResolver {

    /**
     * @param context the request
     * @return the key, or null (or empty) to leave the request out
     */
    @Nullable
    String resolve(@NonNull RequestContext context);

    /** @return whether the key comes from the parsed body, so the resolver can only run after Deserialize */
    default boolean readsBody() {
        return false;
    }

    /** @return the principal's key, else the client address's */
    @NonNull
    static RateLimitKeyResolver principalOrIp() {
        return ShippedKeyResolvers.PRINCIPAL_OR_IP;
    }

    /** @return the client address's key */
    @NonNull
    static RateLimitKeyResolver ip() {
        return ShippedKeyResolvers.IP;
    }

    /** @return the principal's key; anonymous requests are left out */
    @NonNull
    static RateLimitKeyResolver principal() {
        return ShippedKeyResolvers.PRINCIPAL;
    }

    /**
     * @param field a top-level field of the JSON body
     * @return the key of the field's value; a body without it is left out
     */
    @NonNull
    static RateLimitKeyResolver bodyField(@NonNull String field) {
        Objects.requireNonNull(field, "field");
        return ShippedKeyResolvers.bodyField(field);
    }

    /**
     * @param name {@code principal-or-ip}, {@code ip}, {@code principal} or {@code body-field:<name>}
     * @return the resolver
     * @throws FxConfigurationException for any other name
     */
    @NonNull
    static RateLimitKeyResolver parse(@NonNull String name) {
        String trimmed = name.trim();
        if (trimmed.startsWith("body-field:") && trimmed.length() > "body-field:".length()) {
            return bodyField(trimmed.substring("body-field:".length()));
        }
        return switch (trimmed) {
            case "principal-or-ip" -> principalOrIp();
            case "ip" -> ip();
            case "principal" -> principal();
            default -> throw new FxConfigurationException("unknown key '" + name
                + "': use principal-or-ip, ip, principal or body-field:<name>");
        };
    }
}
