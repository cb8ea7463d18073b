package io.fx.micronaut.limits;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.pipeline.RequestContext;
import io.micronaut.core.annotation.NonNull;

import java.util.Map;

/** The resolvers {@link RateLimitKeyResolver}'s factories return. */
final class ShippedKeyResolvers {

    /** {@code principal-or-ip}. */
    static final RateLimitKeyResolver PRINCIPAL_OR_IP = new Named("principal-or-ip", context -> {
        String user = userKey(context);
        return user != null ? user : ipKey(context);
    });

    /** {@code ip}. */
    static final RateLimitKeyResolver IP = new Named("ip", ShippedKeyResolvers::ipKey);

    /** {@code principal}. */
    static final RateLimitKeyResolver PRINCIPAL = new Named("principal", ShippedKeyResolvers::userKey);

    private ShippedKeyResolvers() {
    }

    /**
     * @param field a top-level body field
     * @return {@code body-field:<field>}
     */
    @NonNull
    static RateLimitKeyResolver bodyField(@NonNull String field) {
        return new BodyField(field);
    }

    private static String userKey(RequestContext context) {
        AuthInfo principal = context.getPrincipal().orElse(null);
        if (principal == null) {
            return null;
        }
        String tenant = principal.tenantId();
        return "user:" + (tenant == null ? "" : tenant) + ":" + principal.userId();
    }

    private static String ipKey(RequestContext context) {
        return context.getClientAddress().map(address -> "ip:" + address).orElse(null);
    }

    /** A shipped resolver, named for messages. */
    private record Named(String name, RateLimitKeyResolver resolver) implements RateLimitKeyResolver {

        @Override
        public String resolve(@NonNull RequestContext context) {
            return resolver.resolve(context);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** The key of a body field's scalar value. */
    private record BodyField(String field) implements RateLimitKeyResolver {

        @Override
        public String resolve(@NonNull RequestContext context) {
            Map<String, Object> body = context.payload().getBody();
            Object value = body == null ? null : body.get(field);
            return value == null || value instanceof Map || value instanceof Iterable
                ? null : "field:" + field + ":" + value;
        }

        @Override
        public boolean readsBody() {
            return true;
        }

        @Override
        public String toString() {
            return "body-field:" + field;
        }
    }
}
