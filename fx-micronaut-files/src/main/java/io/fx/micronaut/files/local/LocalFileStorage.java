package io.fx.micronaut.files.local;

import io.fx.micronaut.files.FileKeys;
import io.fx.micronaut.files.FileMetadata;
import io.fx.micronaut.files.FileStorage;
import io.micronaut.core.annotation.NonNull;

import org.apache.commons.io.input.BoundedInputStream;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;

/**
 * Files in a local directory: the bytes of key {@code <owner>/<uuid>/<name>} at {@code <root>/<owner>/<uuid>/<name>},
 * their metadata beside them in {@code <root>/<owner>/<uuid>/.meta} (a name no key can have: names never start with a
 * dot). A text that is not a key is not found; every path stays under the root, and a symbolic link on the way is
 * refused as if nothing were there. Bytes are written to a temporary file in the same directory and moved in place,
 * so a reader never sees half a file. A finished file ({@link #store(String, Path, FileMetadata)}) is renamed into
 * place when it lies on the root's file system, and copied otherwise.
 *
 * @since 0.9.0
 */
public final class LocalFileStorage implements FileStorage {

    private static final String META = ".meta";

    private final Path root;

    /**
     * Creates the root when it is missing and checks that it is a writable directory.
     *
     * @param root the directory
     * @throws UncheckedIOException when it cannot be created or written
     */
    public LocalFileStorage(@NonNull Path root) {
        try {
            Files.createDirectories(root);
            this.root = root.toRealPath();
            Path probe = Files.createTempFile(this.root, ".probe", ".tmp");
            Files.delete(probe);
        } catch (IOException e) {
            throw new UncheckedIOException("fx.files.local.root " + root + " is not a writable directory", e);
        }
    }

    /** @return the root directory, resolved */
    @NonNull
    public Path root() {
        return root;
    }

    @Override
    @NonNull
    public FileMetadata store(@NonNull String key, @NonNull InputStream content, @NonNull FileMetadata metadata)
        throws IOException {
        Path file = path(key).orElseThrow(() -> new IOException("Not a storage key"));
        Path directory = file.getParent();
        Files.createDirectories(directory);
        checkInside(directory);
        Path temporary = Files.createTempFile(directory, ".upload", ".tmp");
        try {
            MessageDigest digest = sha256();
            long size;
            try (OutputStream out = new DigestOutputStream(Files.newOutputStream(temporary), digest)) {
                size = content.transferTo(out);
            }
            FileMetadata stored = new FileMetadata(size, metadata.contentType(), metadata.filename(),
                HexFormat.of().formatHex(digest.digest()));
            writeMeta(directory.resolve(META), stored);
            move(temporary, file);
            return stored;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temporary);
            Files.deleteIfExists(directory.resolve(META));
            deleteEmpty(directory);
            deleteEmpty(directory.getParent());
            throw e;
        }
    }

    /**
     * Moves the file into place (one rename when it lies on the root's file system, a copy into the key's directory
     * then a rename otherwise), trusting the size and SHA-256 the caller computed while writing it; the file is gone
     * afterwards when it was moved. Without a SHA-256 the file is streamed as by the default.
     */
    @Override
    @NonNull
    public FileMetadata store(@NonNull String key, @NonNull Path file, @NonNull FileMetadata metadata)
        throws IOException {
        if (metadata.sha256() == null || metadata.size() < 0) {
            return FileStorage.super.store(key, file, metadata);
        }
        Path target = path(key).orElseThrow(() -> new IOException("Not a storage key"));
        Path directory = target.getParent();
        Files.createDirectories(directory);
        checkInside(directory);
        Path temporary = null;
        try {
            long size = Files.size(file);
            if (size != metadata.size()) {
                throw new IOException("The file has " + size + " bytes, its metadata " + metadata.size());
            }
            writeMeta(directory.resolve(META), metadata);
            try {
                Files.move(file, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                temporary = Files.createTempFile(directory, ".upload", ".tmp");
                Files.copy(file, temporary, StandardCopyOption.REPLACE_EXISTING);
                move(temporary, target);
            }
            return metadata;
        } catch (IOException | RuntimeException e) {
            if (temporary != null) {
                Files.deleteIfExists(temporary);
            }
            Files.deleteIfExists(target);
            Files.deleteIfExists(directory.resolve(META));
            deleteEmpty(directory);
            deleteEmpty(directory.getParent());
            throw e;
        }
    }

    @Override
    @NonNull
    public Optional<FileMetadata> stat(@NonNull String key) throws IOException {
        Path file = existing(key).orElse(null);
        if (file == null) {
            return Optional.empty();
        }
        Path meta = file.getParent().resolve(META);
        if (!Files.isRegularFile(meta, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(meta, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        return Optional.of(new FileMetadata(Files.size(file), properties.getProperty("content-type",
            "application/octet-stream"), properties.getProperty("filename", ""), properties.getProperty("sha256")));
    }

    @Override
    @NonNull
    public InputStream read(@NonNull String key, long offset, long length) throws IOException {
        Path file = existing(key).orElseThrow(() -> new NoSuchFileException(key));
        SeekableByteChannel channel = Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        try {
            channel.position(offset);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        return BoundedInputStream.builder().setInputStream(Channels.newInputStream(channel))
            .setMaxCount(Math.max(0, length)).get();
    }

    @Override
    public boolean delete(@NonNull String key) throws IOException {
        Path file = existing(key).orElse(null);
        if (file == null) {
            return false;
        }
        boolean deleted = Files.deleteIfExists(file);
        Files.deleteIfExists(file.getParent().resolve(META));
        deleteEmpty(file.getParent());
        deleteEmpty(file.getParent().getParent());
        return deleted;
    }

    /** @return the path of a key, under the root; empty for a text that is not a key */
    private Optional<Path> path(String key) {
        if (!FileKeys.isKey(key)) {
            return Optional.empty();
        }
        Path path = root.resolve(key).normalize();
        return path.startsWith(root) ? Optional.of(path) : Optional.empty();
    }

    /** @return the path of a stored key, when no link lies on the way */
    private Optional<Path> existing(String key) throws IOException {
        Path file = path(key).orElse(null);
        if (file == null || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        try {
            checkInside(file.getParent());
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.of(file);
    }

    /** Refuses a directory reached through a symbolic link. */
    private void checkInside(Path directory) throws IOException {
        for (Path p = directory; p != null && !p.equals(root); p = p.getParent()) {
            if (Files.isSymbolicLink(p)) {
                throw new IOException("A symbolic link lies under the storage root");
            }
        }
        if (!directory.toRealPath().startsWith(root)) {
            throw new IOException("Outside the storage root");
        }
    }

    private static void writeMeta(Path meta, FileMetadata metadata) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("content-type", metadata.contentType());
        properties.setProperty("filename", metadata.filename());
        properties.setProperty("sha256", metadata.sha256());
        Path temporary = meta.resolveSibling(".meta-" + UUID.randomUUID() + ".tmp");
        try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
            properties.store(out, null);
        }
        move(temporary, meta);
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private void deleteEmpty(Path directory) {
        if (directory == null || directory.equals(root) || !directory.startsWith(root)) {
            return;
        }
        try {
            Files.deleteIfExists(directory);
        } catch (DirectoryNotEmptyException e) {
            // another file of the same owner still lives there
        } catch (IOException e) {
            // left for a later delete; the object itself is gone
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
