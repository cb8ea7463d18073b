package io.fx.micronaut.security.revocation.redis;

import io.fx.micronaut.exception.FxConfigurationException;
import io.fx.micronaut.security.revocation.RevocationBatchResult;
import io.fx.micronaut.security.revocation.RevocationBatcher;
import io.fx.micronaut.security.revocation.RevocationConfiguration;
import io.fx.micronaut.security.revocation.RevocationStatus;
import io.fx.micronaut.security.revocation.RevocationUnavailableException;
import io.fx.micronaut.security.revocation.Revoker;
import io.fx.micronaut.security.revocation.StoredIds;
import io.lettuce.core.KeyValue;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.micronaut.context.annotation.Context;
import io.micronaut.configuration.lettuce.DefaultRedisConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Nullable;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * The Redis {@link Revoker} ({@code fx.security.revocation.store: redis}). A revoked token is the key
 * {@code <prefix>token:<jti>} = {@code 1}, expiring at the token's {@code exp} ({@code SET … PXAT}); a user's
 * cutoff is {@code <prefix>user:<userId>} = the cutoff in epoch milliseconds, expiring at its retain-until,
 * written by a Lua script that only moves it forward and only extends its retention; ids in their {@link
 * StoredIds} form (a digest for a long one). A request's lookup,
 * {@link #check(String, String)}, is one {@code MGET} of both keys; concurrent checks share one
 * {@code MGET} through a {@link RevocationBatcher} (each answered by a lookup that began after it).
 *
 * <p>The prefix is {@code fx.security.revocation.redis.key-prefix} ({@code fx:revoked:}). The connection is
 * made lazily on a Lettuce client of the store's own, from micronaut-redis-lettuce's {@code redis.uri} or
 * {@code redis.servers.<fx.security.revocation.redis.server>}: the application starts while Redis is down,
 * and until Redis answers every call throws {@link RevocationUnavailableException}, as does any command slower
 * than {@code fx.security.revocation.timeout}. Created at startup, so its configuration is checked then.
 * Replace it with {@code @Replaces(RedisRevoker.class)}.</p>
 *
 * @since 0.5.0
 */
@Context
@Requires(classes = {RedisClient.class, DefaultRedisConfiguration.class})
@Requires(property = RevocationConfiguration.STORE, value = RevocationConfiguration.REDIS)
public final class RedisRevoker implements Revoker {

    private static final int MAX_PREFIX = 64;
    private static final String REVOKED = "1";
    /** The most {@code fx.security.revocation.redis.lookups-in-flight} may be. */
    private static final int MAX_IN_FLIGHT = 16;
    /** Checks answered by one {@code MGET} at most (twice as many keys). */
    private static final int MAX_BATCH = 128;

    private final RedisConnector connector;
    private final String tokenKeys;
    private final String userKeys;
    private final RevocationBatcher batcher;

    RedisRevoker(RedisConnector connector, RedisRevocationConfiguration configuration, RevocationConfiguration revocation) {
        String prefix = checkPrefix(configuration.getKeyPrefix());
        this.connector = connector;
        this.tokenKeys = prefix + "token:";
        this.userKeys = prefix + "user:";
        int inFlight = configuration.getLookupsInFlight();
        if (inFlight < 1 || inFlight > MAX_IN_FLIGHT) {
            throw new FxConfigurationException(RedisRevocationConfiguration.LOOKUPS_IN_FLIGHT + " must be 1 to "
                + MAX_IN_FLIGHT + ", not " + inFlight);
        }
        this.batcher = new RevocationBatcher(this::lookup, revocation.getTimeout(), inFlight, MAX_BATCH);
        connector.warmUp();
    }

    private static String checkPrefix(String prefix) {
        boolean printable = prefix.chars().allMatch(c -> c > ' ' && c < 0x7f);
        if (prefix.isEmpty() || prefix.length() > MAX_PREFIX || !printable) {
            throw new FxConfigurationException(RedisRevocationConfiguration.KEY_PREFIX + " must be 1 to " + MAX_PREFIX
                + " printable ASCII characters without spaces, not '" + prefix + "'");
        }
        return prefix;
    }

    @Override
    public void revokeToken(@NonNull String jti, @NonNull Instant expiresAt) {
        Objects.requireNonNull(jti, "jti");
        long expires = expiresAt.toEpochMilli();
        if (expires <= System.currentTimeMillis()) {
            return;
        }
        String key = tokenKeys + StoredIds.of(jti);
        connector.execute("SET", redis -> redis.set(key, REVOKED, new SetArgs().pxAt(expires)));
    }

    @Override
    public void revokeUser(@NonNull String userId, @NonNull Instant cutoff, @NonNull Instant retainUntil) {
        Objects.requireNonNull(userId, "userId");
        String[] keys = {userKeys + StoredIds.of(userId)};
        String cutoffMillis = Long.toString(cutoff.toEpochMilli());
        String retainMillis = Long.toString(retainUntil.toEpochMilli());
        connector.execute("EVALSHA", redis -> moveCutoff(redis, keys, cutoffMillis, retainMillis));
    }

    private static CompletionStage<Long> moveCutoff(RedisAsyncCommands<String, String> redis, String[] keys,
                                                    String cutoff, String retain) {
        return redis.<Long>evalsha(CutoffScript.SHA1, ScriptOutputType.INTEGER, keys, cutoff, retain)
            .exceptionallyCompose(failure -> unwrap(failure) instanceof RedisNoScriptException
                ? redis.<Long>eval(CutoffScript.SOURCE, ScriptOutputType.INTEGER, keys, cutoff, retain)
                : CompletableFuture.failedFuture(failure));
    }

    private static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    @Override
    public boolean isTokenRevoked(@NonNull String jti) {
        String key = tokenKeys + StoredIds.of(Objects.requireNonNull(jti, "jti"));
        return connector.execute("EXISTS", redis -> redis.exists(key)) > 0;
    }

    @Override
    @NonNull
    public Optional<Instant> userCutoff(@NonNull String userId) {
        String key = userKeys + StoredIds.of(Objects.requireNonNull(userId, "userId"));
        return Optional.ofNullable(cutoff(key, connector.execute("GET", redis -> redis.get(key))));
    }

    @Override
    @NonNull
    public RevocationStatus check(@NonNull String jti, @NonNull String userId) {
        return batcher.check(jti, userId);
    }

    @Override
    @NonNull
    public Optional<CompletionStage<RevocationStatus>> checkAsync(@NonNull String jti, @NonNull String userId) {
        return Optional.of(batcher.submit(jti, userId));
    }

    /** One {@code MGET} of the tokens' keys, then the users' keys. */
    private CompletionStage<RevocationBatchResult> lookup(Set<String> jtis, Set<String> userIds) {
        String[] keys = new String[jtis.size() + userIds.size()];
        int i = 0;
        for (String jti : jtis) {
            keys[i++] = tokenKeys + StoredIds.of(jti);
        }
        for (String userId : userIds) {
            keys[i++] = userKeys + StoredIds.of(userId);
        }
        return connector.submit(redis -> redis.mget(keys)).thenApply(values -> found(keys, values, jtis, userIds));
    }

    private RevocationBatchResult found(String[] keys, List<KeyValue<String, String>> values, Set<String> jtis,
                                        Set<String> userIds) {
        if (values.size() != keys.length) {
            throw new RevocationUnavailableException("Redis MGET answered " + values.size() + " values for "
                + keys.length + " keys", null);
        }
        Set<String> revoked = new HashSet<>();
        int i = 0;
        for (String jti : jtis) {
            if (values.get(i++).hasValue()) {
                revoked.add(jti);
            }
        }
        Map<String, Instant> cutoffs = new HashMap<>();
        for (String userId : userIds) {
            KeyValue<String, String> value = values.get(i);
            if (value.hasValue()) {
                cutoffs.put(userId, cutoff(keys[i], value.getValue()));
            }
            i++;
        }
        return new RevocationBatchResult(revoked, cutoffs);
    }

    @Nullable
    private static Instant cutoff(String key, @Nullable String value) {
        if (value == null) {
            return null;
        }
        try {
            return Instant.ofEpochMilli(Long.parseLong(value));
        } catch (NumberFormatException e) {
            throw new RevocationUnavailableException("the cutoff stored under Redis key " + key + " is not a number", e);
        }
    }
}
