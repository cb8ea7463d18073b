package io.fx.micronaut.scheduled.internal;

import io.fx.micronaut.auth.AuthInfo;
import io.fx.micronaut.db.StorageContext;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.util.Optional;
import java.util.UUID;

/**
 * Who a sweep writes for: the system principal, under a request id {@code scheduled-<uuid>} per sweep, which the
 * store's logs and the history rows carry.
 */
@Internal
record SweepContext(@NonNull String requestId) implements StorageContext {

    private static final AuthInfo SYSTEM = AuthInfo.system();

    static SweepContext next() {
        return new SweepContext("scheduled-" + UUID.randomUUID());
    }

    @Override
    @NonNull
    public String getRequestId() {
        return requestId;
    }

    @Override
    @NonNull
    public Optional<AuthInfo> getPrincipal() {
        return Optional.of(SYSTEM);
    }
}
