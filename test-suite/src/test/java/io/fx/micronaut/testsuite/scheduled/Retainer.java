package io.fx.micronaut.testsuite.scheduled;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

import java.time.Instant;

/** A soft-deleting model whose rows a scheduled hard delete purges, soft-deleted ones included. */
@Introspected
public class Retainer extends BaseModel {

    @Fx("required")
    private String title;
    @Fx("scheduled;hard-delete")
    private Instant purgeAt;

    public String getTitle() { return title; }
    public void setTitle(String title) { this.title = title; }
    public Instant getPurgeAt() { return purgeAt; }
    public void setPurgeAt(Instant purgeAt) { this.purgeAt = purgeAt; }
}
