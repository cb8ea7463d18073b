package io.fx.micronaut.files.internal;

import io.fx.micronaut.files.FilesConfiguration;
import io.micronaut.context.annotation.Requires;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.util.SupplierUtil;
import jakarta.inject.Singleton;
import org.apache.tika.Tika;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * The type of a file, from its first 64 KiB (Apache Tika's magic numbers and XML root detection): HTML or SVG sent
 * as {@code .png} is {@code text/html} or {@code image/svg+xml}. The client's {@code Content-Type} never counts; its
 * file name only refines {@code text/plain} ({@code .csv} is {@code text/csv}). Tika reads its type database when
 * the first file arrives, not at startup (about 100 ms of a function's cold start).
 */
@Requires(property = FilesConfiguration.ENABLED, notEquals = "false")
@Singleton
final class TypeDetector {

    /** How much of a file is looked at. */
    static final int PREFIX = 64 * 1024;

    private final Supplier<Tika> tika = SupplierUtil.memoized(Tika::new);

    /**
     * @param prefix   the file's first bytes, at most {@link #PREFIX}
     * @param length   how many of them are valid
     * @param filename the client's name, or null
     * @return the type, such as {@code image/png}; {@code application/octet-stream} when nothing is recognised
     */
    String detect(byte[] prefix, int length, @Nullable String filename) {
        byte[] bytes = length == prefix.length ? prefix : java.util.Arrays.copyOf(prefix, length);
        String type = tika.get().detect(bytes);
        if ("text/plain".equals(type) && filename != null && filename.toLowerCase(Locale.ROOT).endsWith(".csv")) {
            return "text/csv";
        }
        return type;
    }
}
