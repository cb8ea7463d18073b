package io.fx.micronaut.security.login;

import io.micronaut.context.annotation.ConfigurationProperties;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.bind.annotation.Bindable;

import java.time.Duration;

/**
 * Throttling of login actions ({@link LoginAttempts}), under {@code fx.security.login-attempts}. A value that
 * cannot work (a limit under 1, a window that is not positive) fails startup naming the key.
 *
 * @since 0.7.0
 */
@ConfigurationProperties(LoginAttemptsConfiguration.PREFIX)
public interface LoginAttemptsConfiguration {

    /** The prefix. */
    String PREFIX = "fx.security.login-attempts";
    /** The default number of failed logins of one account per window. */
    int DEFAULT_MAX_ACCOUNT_FAILURES = 5;
    /** The default number of failed logins from one client address per window. */
    int DEFAULT_MAX_ADDRESS_FAILURES = 50;
    /** The default window. */
    String DEFAULT_WINDOW = "15m";
    /** The default prefix of the Redis keys. */
    String DEFAULT_KEY_PREFIX = "fx:login:";

    /** @return {@code false} to let every attempt through uncounted */
    @Bindable(defaultValue = "true")
    boolean isEnabled();

    /** @return how many failed logins of one account a window admits; the next attempt is refused with 429 */
    @Bindable(defaultValue = "5")
    int getMaxAccountFailures();

    /**
     * @return how many failed logins from one client address a window admits, whatever the accounts; 0 turns the
     *     per-address limit off (behind a proxy every client shares its address until the client address is resolved
     *     through trusted proxies)
     */
    @Bindable(defaultValue = "50")
    int getMaxAddressFailures();

    /** @return how long a window lasts from its first failure */
    @Bindable(defaultValue = DEFAULT_WINDOW)
    @NonNull
    Duration getWindow();

    /**
     * @return what the Redis store's keys of the counts start with (with {@code fx.security.revocation.store:
     *     redis}); the SQL store keeps them in {@code <fx.security.revocation.sql.table-prefix>login_failure}
     */
    @Bindable(defaultValue = DEFAULT_KEY_PREFIX)
    @NonNull
    String getKeyPrefix();
}
