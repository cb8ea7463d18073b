package io.fx.micronaut.testsuite.scheduled;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.model.BaseModel;
import io.micronaut.core.annotation.Introspected;

import java.time.Instant;

/** A model without soft delete whose rows a scheduled hard delete removes. */
@Introspected
public class Ephemeral extends BaseModel {

    private String title;
    @Fx("scheduled;hard-delete")
    private Instant dropAt;

    public String getTitle() { return title; }
    public void setTitle(String title) { this.title = title; }
    public Instant getDropAt() { return dropAt; }
    public void setDropAt(Instant dropAt) { this.dropAt = dropAt; }
}
