package io.fx.micronaut.files.objectstorage;

import io.fx.micronaut.files.FileKeys;
import io.fx.micronaut.files.FileMetadata;
import io.fx.micronaut.files.FileStorage;
import io.fx.micronaut.files.FileStorageContract;
import io.micronaut.context.ApplicationContext;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The storage contract on S3, through micronaut-object-storage-aws against an in-process S3Proxy (jclouds
 * {@code transient} blob store): the module's own bean, chosen because an {@code ObjectStorageOperations} is present
 * and no local root is set.
 */
class ObjectStorageFileStorageTest extends FileStorageContract {

    private static BlobStoreContext blobs;
    private static S3Proxy proxy;
    private static ApplicationContext context;

    @BeforeAll
    static void start() throws Exception {
        blobs = ContextBuilder.newBuilder("transient").credentials("identity", "credential")
            .build(BlobStoreContext.class);
        blobs.getBlobStore().createContainerInLocation(null, "fx-files");
        proxy = S3Proxy.builder().blobStore(blobs.getBlobStore()).endpoint(URI.create("http://127.0.0.1:0")).build();
        proxy.start();
        while (!proxy.getState().equals("STARTED")) {
            Thread.sleep(10);
        }
        System.setProperty("aws.region", "us-east-1");
        System.setProperty("aws.accessKeyId", "identity");
        System.setProperty("aws.secretAccessKey", "credential");
        context = ApplicationContext.run(Map.of(
            "datasources.default.url", "jdbc:h2:mem:files-s3;DB_CLOSE_DELAY=-1",
            "datasources.default.driver-class-name", "org.h2.Driver",
            "datasources.default.username", "sa",
            "datasources.default.password", "",
            "micronaut.object-storage.aws.default.bucket", "fx-files",
            "aws.services.s3.endpoint-override", "http://127.0.0.1:" + proxy.getPort(),
            "aws.s3.path-style-access-enabled", "true",
            "aws.s3.chunked-encoding-enabled", "false"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (context != null) {
            context.close();
        }
        proxy.stop();
        blobs.close();
    }

    @Override
    protected FileStorage storage() {
        return context.getBean(FileStorage.class);
    }

    @Test
    void aFinishedFileWhoseSizeDisagreesIsNotUploaded() throws Exception {
        Path file = Files.write(Files.createTempFile("fx-contract", ".part"), new byte[] {1, 2, 3});
        String key = FileKeys.newKey(null, "short.bin");
        try {
            assertThrows(IOException.class, () -> storage().store(key, file,
                new FileMetadata(4, "application/octet-stream", "short.bin", "00")));
            assertTrue(storage().stat(key).isEmpty());
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void theObjectStorageIsTheFilesStorage() {
        assertInstanceOf(ObjectStorageFileStorage.class, storage());
    }
}
