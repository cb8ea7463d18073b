package io.fx.micronaut.security.jwt;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.bind.annotation.Bindable;
import io.micronaut.core.annotation.NonNull;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Bearer token verification, under {@code fx.security.jwt}. Keys: an HMAC {@code secret} (HS256, HS384,
 * HS512), a PEM {@code public-key} or {@code public-key-file} (RSA: RS256/384/512, EC: ES256/384/512), a
 * key set {@code jwks.url} ({@link JwksConfiguration}), alone or together; HMAC tokens only ever meet the
 * secret. Verification is on when one of them is set (or {@code enabled: true}, which then needs one). RSA keys
 * need at least 2048 bits and EC keys P-256, P-384 or P-521 (RFC 7518): a configured key that does not fails
 * startup, a key set's is dropped with a warning.
 *
 * @since 0.4.0
 */
@ConfigurationProperties(JwtConfiguration.PREFIX)
public interface JwtConfiguration {

    /** The prefix. */
    String PREFIX = "fx.security.jwt";
    /** The default header the token is read from. */
    String DEFAULT_HEADER = "Authorization";
    /** The default claim naming the user. */
    String DEFAULT_USER_ID_CLAIM = "sub";
    /** The default claim holding roles. */
    String DEFAULT_ROLES_CLAIM = "roles";
    /** The default claim holding scopes. */
    String DEFAULT_SCOPES_CLAIM = "scope";
    /** The default clock skew, as Nimbus's. */
    String DEFAULT_CLOCK_SKEW = "60s";

    /** @return {@code false} to turn verification off although keys are configured */
    @Bindable(defaultValue = "true")
    boolean isEnabled();

    /** @return the HMAC secret, at least 32 bytes (48 for HS384, 64 for HS512) */
    @NonNull
    Optional<String> getSecret();

    /** @return a PEM public key (RSA or EC), the text itself */
    @NonNull
    Optional<String> getPublicKey();

    /** @return a file holding a PEM public key (RSA or EC) */
    @NonNull
    Optional<String> getPublicKeyFile();

    /** @return the accepted algorithms; empty for every one the configured keys can verify */
    @NonNull
    Optional<List<String>> getAlgorithms();

    /** @return the required {@code iss}; blank is unset (for an optional environment variable) */
    @NonNull
    Optional<String> getIssuer();

    /** @return the audience the {@code aud} claim (a string or an array) must hold; blank is unset */
    @NonNull
    Optional<String> getAudience();

    /**
     * @return the header the token is read from; {@code Authorization} requires the {@code Bearer} scheme,
     *     another header takes the token with or without it
     */
    @Bindable(defaultValue = DEFAULT_HEADER)
    @NonNull
    String getHeader();

    /** @return the claim copied to the user id ({@code sub}); a token without it is refused */
    @Bindable(defaultValue = DEFAULT_USER_ID_CLAIM)
    @NonNull
    String getUserIdClaim();

    /** @return the claim holding roles: an array or a space-delimited string */
    @Bindable(defaultValue = DEFAULT_ROLES_CLAIM)
    @NonNull
    String getRolesClaim();

    /** @return the claim holding scopes: an array or a space-delimited string */
    @Bindable(defaultValue = DEFAULT_SCOPES_CLAIM)
    @NonNull
    String getScopesClaim();

    /** @return the claim copied to the tenant id */
    @NonNull
    Optional<String> getTenantClaim();

    /** @return whether a token without {@code exp} is accepted */
    @Bindable(defaultValue = "false")
    boolean isAllowNoExpiry();

    /** @return the tolerance of the {@code exp}, {@code nbf} and {@code iat} checks */
    @Bindable(defaultValue = DEFAULT_CLOCK_SKEW)
    @NonNull
    Duration getClockSkew();

    /**
     * @return how many verified tokens are remembered, so a reused token skips the signature check (its
     *         claims are still checked on every request; an entry lives at most 60 s, or the key set's cache-ttl, and a fetch that replaces the key set empties it); 0 turns it off
     */
    @Bindable(defaultValue = "10000")
    int getVerifiedCacheSize();
}
