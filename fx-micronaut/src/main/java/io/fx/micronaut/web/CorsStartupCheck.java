package io.fx.micronaut.web;

import io.fx.micronaut.exception.FxConfigurationException;
import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.util.StringUtils;
import io.micronaut.http.server.HttpServerConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks Micronaut's CORS configurations while the application context starts, when
 * {@code micronaut.server.cors.enabled} is true: one that admits any origin ({@code *}, no origins
 * listed, or an origin pattern matching anything) with credentials fails startup, since any web site
 * could then act with a signed-in user's cookies; without credentials it is a warning. Micronaut's own
 * defaults are exactly that (any origin, {@code allow-credentials: true}), also for the
 * {@code default} configuration it adds when none is configured.
 */
@Internal
@Context
@Requires(property = CorsStartupCheck.ENABLED, value = StringUtils.TRUE)
final class CorsStartupCheck {

    /** Micronaut's CORS switch. */
    static final String ENABLED = "micronaut.server.cors.enabled";

    private static final Logger LOG = LoggerFactory.getLogger(CorsStartupCheck.class);

    CorsStartupCheck(HttpServerConfiguration.CorsConfiguration cors) {
        cors.getConfigurations().forEach((name, configuration) -> {
            CorsPolicy policy = new CorsPolicy(name, configuration);
            policy.anyOrigin().ifPresent(reason -> check(policy, reason));
        });
    }

    private static void check(CorsPolicy policy, String reason) {
        String key = CorsPolicy.PREFIX + policy.name();
        String why = reason + (policy.name().equals("default") ? " (" + ENABLED
            + " with no configurations gets this default one)" : "");
        if (policy.configuration().isAllowCredentials()) {
            throw new FxConfigurationException(key + " admits any origin with credentials: " + why
                + ", and allow-credentials is true (Micronaut's default), so any web site could send requests with"
                + " a signed-in user's cookies and read the answers. Set " + key + ".allowed-origins to the exact"
                + " origins of your front ends (for example https://app.example.com), or set " + key
                + ".allow-credentials: false if the API is public");
        }
        LOG.warn("{} admits any origin: {}; any web site may call this API from a browser (without credentials)."
            + " Set {}.allowed-origins unless the API is public", key, why, key);
    }
}
