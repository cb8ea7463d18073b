package io.fx.micronaut.limits.internal;

import io.fx.micronaut.limits.IdempotencyClaim;
import io.fx.micronaut.limits.IdempotentResponse;
import io.fx.micronaut.limits.LimitsBackendException;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The bytes of a Redis idempotency entry: a version byte, {@code F} (in flight: token, fingerprint) or {@code C}
 * (completed: fingerprint, status, location, content type, body). An in-flight value names its claim, so the
 * compare-and-set scripts recognise it byte for byte.
 */
final class RedisIdempotencyEntries {

    private static final int VERSION = 1;
    private static final int IN_FLIGHT = 'F';
    private static final int COMPLETED = 'C';

    private RedisIdempotencyEntries() {
    }

    static byte[] inFlight(IdempotencyClaim.Claimed claim) {
        return write(out -> {
            out.writeByte(IN_FLIGHT);
            out.writeUTF(claim.token());
            out.writeUTF(claim.fingerprint());
        });
    }

    static byte[] completed(String fingerprint, IdempotentResponse response) {
        return write(out -> {
            out.writeByte(COMPLETED);
            out.writeUTF(fingerprint);
            out.writeShort(response.status());
            writeOptional(out, response.location());
            writeOptional(out, response.contentType());
            out.writeInt(response.body().length);
            out.write(response.body());
        });
    }

    /** @return what the stored value says: in flight or completed (never claimed) */
    static IdempotencyClaim read(byte[] value) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(value))) {
            if (in.readUnsignedByte() != VERSION) {
                throw new IOException("unknown version");
            }
            int kind = in.readUnsignedByte();
            if (kind == IN_FLIGHT) {
                in.readUTF();
                return new IdempotencyClaim.InFlight(in.readUTF());
            }
            if (kind != COMPLETED) {
                throw new IOException("unknown kind " + kind);
            }
            String fingerprint = in.readUTF();
            int status = in.readUnsignedShort();
            String location = readOptional(in);
            String contentType = readOptional(in);
            byte[] body = new byte[in.readInt()];
            in.readFully(body);
            return new IdempotencyClaim.Completed(fingerprint, new IdempotentResponse(status, location, contentType, body));
        } catch (IOException | IllegalArgumentException e) {
            throw new LimitsBackendException("an idempotency entry in Redis cannot be read: " + e.getMessage(), e);
        }
    }

    private static void writeOptional(DataOutputStream out, String value) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            out.writeUTF(value);
        }
    }

    private static String readOptional(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }

    private static byte[] write(Writer writer) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            writer.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** Writes the value after the version byte. */
    @FunctionalInterface
    private interface Writer {
        void write(DataOutputStream out) throws IOException;
    }
}
