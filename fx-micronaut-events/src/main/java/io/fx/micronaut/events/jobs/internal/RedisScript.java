package io.fx.micronaut.events.jobs.internal;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.sync.RedisCommands;
import io.micronaut.core.annotation.Internal;
import io.micronaut.core.annotation.NonNull;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A Lua script run by {@code EVALSHA}, sent whole by {@code EVAL} when the server does not know it (first use, or
 * a restarted server).
 *
 * @param text   the script
 * @param digest its SHA-1, hex
 * @param output what it returns
 */
@Internal
record RedisScript(@NonNull String text, @NonNull String digest, @NonNull ScriptOutputType output) {

    /**
     * @param text   the script
     * @param output what it returns
     * @return the script
     */
    static RedisScript of(String text, ScriptOutputType output) {
        try {
            byte[] sha = MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8));
            return new RedisScript(text, HexFormat.of().formatHex(sha), output);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * @param redis the connection
     * @param keys  its keys
     * @param args  its arguments
     * @param <T>   the reply
     * @return the reply
     */
    <T> T run(RedisCommands<String, String> redis, String[] keys, String... args) {
        try {
            return redis.evalsha(digest, output, keys, args);
        } catch (RedisNoScriptException e) {
            return redis.eval(text, output, keys, args);
        }
    }
}
