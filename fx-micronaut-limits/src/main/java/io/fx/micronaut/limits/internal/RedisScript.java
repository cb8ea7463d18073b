package io.fx.micronaut.limits.internal;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * A Lua script run by its SHA-1 ({@code EVALSHA}), sent in full ({@code EVAL}) only when the server does not know it
 * yet (after a restart, a {@code SCRIPT FLUSH}, or on first use), so a request sends a few bytes, not the script.
 *
 * @param source the script
 * @param sha1   its SHA-1, hex
 */
record RedisScript(String source, String sha1) {

    /**
     * @param source the script
     * @return the script with its SHA-1
     */
    static RedisScript of(String source) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8));
            return new RedisScript(source, HexFormat.of().formatHex(digest));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is missing from this JVM", e);
        }
    }

    /**
     * @param connection the connection
     * @param type       the result's type
     * @param keys       the keys
     * @param args       the arguments
     * @param <T>        the result
     * @return the result, to come
     */
    <T> CompletionStage<T> run(StatefulRedisConnection<String, byte[]> connection, ScriptOutputType type,
                               String[] keys, byte[]... args) {
        CompletableFuture<T> bySha = connection.async().<T>evalsha(sha1, type, keys, args).toCompletableFuture();
        return bySha.handle((result, failure) -> {
            if (failure == null) {
                return CompletableFuture.completedFuture(result);
            }
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
            if (cause instanceof RedisNoScriptException) {
                return connection.async().<T>eval(source, type, keys, args).toCompletableFuture();
            }
            return CompletableFuture.<T>failedFuture(cause);
        }).thenCompose(stage -> stage);
    }
}
