package io.fx.micronaut.security.login;

import io.micronaut.core.annotation.NonNull;

import java.time.Duration;

/**
 * Where {@link LoginAttempts} counts failed logins: a count per key (an account, a client address) in fixed
 * windows. The module declares one on the revocation store's backend ({@code fx.security.revocation.store}:
 * {@code sql} or {@code redis}), so that the instances of an application share the counts; without one, each
 * instance counts in memory. An application may declare its own bean instead. Implementations throw any
 * runtime exception when they cannot answer; the login is then refused with 503.
 *
 * @since 0.7.0
 */
public interface FailureCounter {

    /**
     * Counts one more failure under the key, atomically; a key whose window has ended starts a new one.
     *
     * @param key    the key, at most 255 characters ({@link io.fx.micronaut.security.revocation.StoredIds} form)
     * @param window how long a new window lasts
     * @return the count, this failure included, and the end of the key's window
     */
    @NonNull
    FailureCount increment(@NonNull String key, @NonNull Duration window);

    /**
     * Takes back one failure counted under the key (an attempt that turned out to be none), never below zero.
     *
     * @param key the key
     */
    void decrement(@NonNull String key);

    /**
     * Forgets the failures counted under the key.
     *
     * @param key the key
     */
    void reset(@NonNull String key);
}
