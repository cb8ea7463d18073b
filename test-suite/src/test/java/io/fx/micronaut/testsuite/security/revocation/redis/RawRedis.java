package io.fx.micronaut.testsuite.security.revocation.redis;

import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.StatusOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;

import java.time.Duration;

/**
 * A plain Lettuce connection for looking at what the store wrote, with a 5 s command timeout. Cleans up by
 * deleting the keys under one prefix ({@code SCAN MATCH}, never {@code FLUSHALL}).
 */
public final class RawRedis implements AutoCloseable {

    private final RedisClient client;
    private final StatefulRedisConnection<String, String> connection;

    public RawRedis(String uri) {
        RedisURI address = RedisURI.create(uri);
        address.setTimeout(Duration.ofSeconds(5));
        this.client = RedisClient.create(address);
        this.connection = client.connect();
    }

    public RedisCommands<String, String> commands() {
        return connection.sync();
    }

    /** Blocks the server for that many seconds ({@code DEBUG SLEEP}; needs {@code enable-debug-command}). */
    String debugSleep(int seconds) {
        return commands().dispatch(CommandType.DEBUG, new StatusOutput<>(StringCodec.UTF8),
            new CommandArgs<>(StringCodec.UTF8).add("SLEEP").add(seconds));
    }

    /** Deletes every key starting with the prefix. @return how many */
    public long deleteAll(String prefix) {
        long deleted = 0;
        ScanCursor cursor = ScanCursor.INITIAL;
        ScanArgs match = ScanArgs.Builder.matches(prefix.replaceAll("([*?\\[\\]\\\\])", "\\\\$1") + "*").limit(500);
        do {
            KeyScanCursor<String> page = commands().scan(cursor, match);
            if (!page.getKeys().isEmpty()) {
                deleted += commands().del(page.getKeys().toArray(String[]::new));
            }
            cursor = page;
        } while (!cursor.isFinished());
        return deleted;
    }

    @Override
    public void close() {
        connection.close();
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }
}
