package io.fx.micronaut.security.login;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.exception.FxException;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.security.SecurityErrorCodes;
import io.fx.micronaut.security.event.SecurityEvents;
import io.fx.micronaut.security.revocation.StoredIds;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Throttles a login action: counts failed logins per account and per client address, and refuses an attempt
 * past either limit ({@code fx.security.login-attempts}: 5 per account and 50 per address in 15 minutes) with
 * 429 {@code TOO_MANY_REQUESTS} and {@code Retry-After}, before the password is checked, the same answer whether
 * the account exists or not. A login that succeeds clears its account's count (not its address's). The client
 * address is the request's remote IP address.
 *
 * <p>Each attempt is counted before the password is checked and taken back when it was none (a success, a 429),
 * so that concurrent attempts cannot outrun the limit. The counts are a {@link FailureCounter}'s: the revocation
 * store's backend ({@code sql}, {@code redis}), so instances share them, else memory. A counter that cannot
 * answer refuses the login with 503 {@code LOGIN_ATTEMPTS_UNAVAILABLE} (fail closed).</p>
 *
 * <pre>{@code
 * User user = attempts.attempt(context, username, () -> users.authenticate(username, password))
 *     .orElseThrow(() -> MyErrorCodes.INVALID_CREDENTIALS.exception("invalid username or password"));
 * }</pre>
 *
 * @since 0.7.0
 */
@Singleton
public final class LoginAttempts {

    private static final Logger LOG = LoggerFactory.getLogger(LoginAttempts.class);
    private static final String RETRY_AFTER = "Retry-After";
    private static final String TOO_MANY = "too many failed logins; try again later";

    private final boolean enabled;
    private final int maxAccountFailures;
    private final int maxAddressFailures;
    private final Duration window;
    private final FailureCounter counter;
    private final SecurityEvents events;

    LoginAttempts(LoginAttemptsConfiguration configuration, @Nullable FailureCounter counter, SecurityEvents events) {
        this.events = events;
        this.enabled = configuration.isEnabled();
        this.maxAccountFailures = atLeastOne(configuration.getMaxAccountFailures(), "max-account-failures");
        this.maxAddressFailures = configuration.getMaxAddressFailures() == 0 ? 0
            : atLeastOne(configuration.getMaxAddressFailures(), "max-address-failures");
        this.window = configuration.getWindow();
        if (window.isNegative() || window.isZero()) {
            throw new FxConfigurationException(LoginAttemptsConfiguration.PREFIX + ".window must be positive, not "
                + window);
        }
        this.counter = counter != null ? counter : new MemoryFailureCounter();
    }

    private static int atLeastOne(int value, String key) {
        if (value < 1) {
            throw new FxConfigurationException(LoginAttemptsConfiguration.PREFIX + "." + key + " must be at least 1, not "
                + value);
        }
        return value;
    }

    /**
     * Runs one login attempt under the limits.
     *
     * @param context        the login request
     * @param account        the account the caller names, as the user store compares it (normalise it the same way)
     * @param authentication checks the credentials: the authenticated account, or empty when they are wrong
     * @param <T>            the authenticated account
     * @return what the authentication answered; empty (a failure, counted) when the credentials are wrong
     * @throws FxException 429 {@code TOO_MANY_REQUESTS}, with {@code Retry-After} on the answer, when the account
     *     or the address is past its limit (the authentication does not run); 503 {@code LOGIN_ATTEMPTS_UNAVAILABLE}
     *     when the counts cannot be reached
     */
    @NonNull
    public <T> Optional<T> attempt(@NonNull RequestContext context, @NonNull String account,
                                   @NonNull Supplier<Optional<T>> authentication) {
        String ip = address(context).orElse(null);
        if (!enabled) {
            return published(context, account, ip, authentication.get());
        }
        String address = ip == null || maxAddressFailures == 0 ? null : StoredIds.of("address:" + ip);
        String name = StoredIds.of("account:" + account);
        try {
            if (address != null) {
                admit(context, address, maxAddressFailures, null);
            }
            admit(context, name, maxAccountFailures, address);
        } catch (FxException e) {
            if (SecurityErrorCodes.TOO_MANY_REQUESTS.matches(e)) {
                events.loginFailed(context, account, ip, true);
            }
            throw e;
        }
        Optional<T> authenticated;
        try {
            authenticated = authentication.get();
        } catch (RuntimeException e) {
            takeBack(name, address);
            throw e;
        }
        if (authenticated.isPresent()) {
            quietly(() -> counter.reset(name));
            takeBack(null, address);
        }
        return published(context, account, ip, authenticated);
    }

    private <T> Optional<T> published(RequestContext context, String account, String ip, Optional<T> authenticated) {
        if (authenticated.isPresent()) {
            events.loginSucceeded(context, account, ip);
        } else {
            events.loginFailed(context, account, ip, false);
        }
        return authenticated;
    }

    /** Counts the attempt under the key; past the limit takes it back (and the address's) and refuses with 429. */
    private void admit(RequestContext context, String key, int limit, String address) {
        FailureCount count;
        try {
            count = counter.increment(key, window);
        } catch (RuntimeException e) {
            takeBack(null, address);
            throw SecurityErrorCodes.LOGIN_ATTEMPTS_UNAVAILABLE.exception("failed logins cannot be counted right now", null, e);
        }
        if (count.count() > limit) {
            takeBack(key, address);
            context.response().setHeader(RETRY_AFTER, Long.toString(count.retryAfterSeconds(Instant.now())));
            throw SecurityErrorCodes.TOO_MANY_REQUESTS.exception(TOO_MANY);
        }
    }

    private void takeBack(String key, String address) {
        if (key != null) {
            quietly(() -> counter.decrement(key));
        }
        if (address != null) {
            quietly(() -> counter.decrement(address));
        }
    }

    /** Taking back and clearing are corrections: when they fail, the counts stay high, which refuses no less. */
    private static void quietly(Runnable correction) {
        try {
            correction.run();
        } catch (RuntimeException e) {
            LOG.warn("A failed-login count could not be corrected; it stays until its window ends", e);
        }
    }

    /** @return the request's remote IP address, without the port */
    private static Optional<String> address(RequestContext context) {
        return context.getRequest().map(HttpRequest::getRemoteAddress).map(LoginAttempts::ip);
    }

    private static String ip(InetSocketAddress remote) {
        return remote.getAddress() != null ? remote.getAddress().getHostAddress() : remote.getHostString();
    }
}
