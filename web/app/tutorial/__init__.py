"""*Lær at spille*: the runner of a scripted first game (`runner`), its markup and its screen;
each game's script lives in its own room (app.snyd.tutorial, app.bakke.tutorial …)."""
