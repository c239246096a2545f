component { this.visible = 1; }
