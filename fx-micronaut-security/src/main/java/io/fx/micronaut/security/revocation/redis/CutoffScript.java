package io.fx.micronaut.security.revocation.redis;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The forward-only cutoff write, one Lua script so concurrent writers cannot move a cutoff back:
 * {@code KEYS[1]} the user's key, {@code ARGV[1]} the cutoff (epoch ms), {@code ARGV[2]} retain-until (epoch ms).
 * The stored cutoff is replaced only when absent or earlier; either way the key is kept until the later of its
 * current expiry and retain-until (a key without expiry keeps none); a current expiry that is later stays exactly as
 * stored ({@code KEEPTTL}), never re-derived from {@code TIME} and {@code PTTL}, which round to the millisecond. A
 * cutoff whose retention has passed is not written. Returns 1 when the cutoff was written, 0 otherwise. Runs on Redis 6.2 and later ({@code SET PXAT}).
 */
final class CutoffScript {

    /** The script's text. */
    static final String SOURCE = """
        local current = redis.call('GET', KEYS[1])
        local cutoff = tonumber(ARGV[1])
        local retain = tonumber(ARGV[2])
        local clock = redis.call('TIME')
        local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
        local ttl = -2
        local extends = true
        if current then
          ttl = redis.call('PTTL', KEYS[1])
          if ttl >= 0 and now + ttl >= retain then
            extends = false
          end
        end
        local stored = current and tonumber(current)
        if stored and stored >= cutoff then
          if ttl >= 0 and extends then
            redis.call('PEXPIREAT', KEYS[1], retain)
          end
          return 0
        end
        if ttl == -1 or (ttl >= 0 and not extends) then
          redis.call('SET', KEYS[1], ARGV[1], 'KEEPTTL')
          return 1
        end
        if retain <= now then
          return 0
        end
        redis.call('SET', KEYS[1], ARGV[1], 'PXAT', retain)
        return 1
        """;

    /** The script's SHA-1, for {@code EVALSHA}. */
    static final String SHA1 = sha1(SOURCE);

    private CutoffScript() {
    }

    private static String sha1(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is missing from this JVM", e);
        }
    }
}
