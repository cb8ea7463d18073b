package io.fx.micronaut.db;

import io.fx.micronaut.auth.AuthInfo;
import io.micronaut.core.annotation.NonNull;

import java.util.Optional;
import java.util.UUID;

/** A {@link StorageContext} without a request. */
record BackgroundContext(@NonNull String requestId, AuthInfo principal) implements StorageContext {

    static final BackgroundContext SYSTEM = new BackgroundContext("system", AuthInfo.system());

    static String newId() {
        return "bg-" + UUID.randomUUID();
    }

    @Override
    @NonNull
    public String getRequestId() {
        return requestId;
    }

    @Override
    @NonNull
    public Optional<AuthInfo> getPrincipal() {
        return Optional.ofNullable(principal);
    }
}
