package io.fx.micronaut.security.authentication;

import io.fx.micronaut.config.FxConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Internal;
import io.micronaut.http.HttpRequest;
import io.micronaut.security.authentication.Authentication;
import io.micronaut.security.rules.SecurityRule;
import io.micronaut.security.rules.SecurityRuleResult;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;
import io.micronaut.core.async.publisher.Publishers;

/**
 * When an application turns Micronaut's {@code SecurityFilter} back on, the routes under
 * {@code fx.path-prefix} stay reachable: fx authenticates and authorises them on its own Auth step.
 * Other routes are left to the application's rules. Present only when the application adds Micronaut
 * Security (this module does not bring it).
 */
@Internal
@Singleton
@Requires(classes = SecurityRule.class)
public final class FxRoutesRule implements SecurityRule<HttpRequest<?>> {

    private final String prefix;

    FxRoutesRule(FxConfiguration configuration) {
        String p = configuration.getPathPrefix();
        this.prefix = p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }

    @Override
    public Publisher<SecurityRuleResult> check(HttpRequest<?> request, Authentication authentication) {
        String path = request == null ? "" : request.getPath();
        boolean fx = prefix.isEmpty() || path.equals(prefix) || path.startsWith(prefix + "/");
        return Publishers.just(fx ? SecurityRuleResult.ALLOWED : SecurityRuleResult.UNKNOWN);
    }
}
