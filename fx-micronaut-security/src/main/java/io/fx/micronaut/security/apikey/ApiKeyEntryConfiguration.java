package io.fx.micronaut.security.apikey;

import io.micronaut.context.annotation.EachProperty;
import io.micronaut.context.annotation.Parameter;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.util.List;

/**
 * One API key, an element of {@code fx.security.api-keys.entries}: the key ({@code key}, or its SHA-256
 * digest in hex as {@code key-sha256}) and the principal it grants.
 *
 * @param index        the position in the list
 * @param key          the raw key, or null when the digest is given
 * @param keySha256    the key's SHA-256 digest, 64 hex digits, or null when the raw key is given
 * @param userId       the user id of the principal
 * @param roles        its roles
 * @param scopes       its scopes
 * @param tenantId     its tenant, or null
 * @param identityType {@code service_account} (the default), {@code human}, ...
 * @since 0.4.0
 */
@EachProperty(value = ApiKeyConfiguration.PREFIX + ".entries", list = true)
public record ApiKeyEntryConfiguration(@Parameter @NonNull Integer index,
                                       @Nullable String key,
                                       @Nullable String keySha256,
                                       @Nullable String userId,
                                       @Nullable List<String> roles,
                                       @Nullable List<String> scopes,
                                       @Nullable String tenantId,
                                       @Nullable String identityType) {
}
