/**
 * The {@link io.fx.micronaut.files.FileStorage} over Micronaut Object Storage ({@code ObjectStorageOperations}: S3,
 * Google Cloud Storage, Azure Blob Storage), used when the application brings a provider and no local root is set.
 *
 * @since 0.9.0
 */
package io.fx.micronaut.files.objectstorage;
