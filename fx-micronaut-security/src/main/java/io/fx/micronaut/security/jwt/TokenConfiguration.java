package io.fx.micronaut.security.jwt;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * The tokens the application issues itself with {@link TokenIssuer}, under {@code fx.security.tokens}.
 *
 * @since 0.5.0
 */
@ConfigurationProperties(TokenConfiguration.PREFIX)
public interface TokenConfiguration {

    /** The prefix. */
    String PREFIX = "fx.security.tokens";
    /** The property holding the lifetime. */
    String TTL = PREFIX + ".ttl";
    /** The default lifetime of an issued token. */
    String DEFAULT_TTL = "15m";

    /**
     * @return how long an issued token lives ({@code exp - iat}); positive, and with revocation on at most
     *     {@code fx.security.revocation.retain}
     */
    @Bindable(defaultValue = DEFAULT_TTL)
    @NonNull
    Duration getTtl();
}
